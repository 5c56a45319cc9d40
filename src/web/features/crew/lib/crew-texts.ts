// The crew portal's words for the server's values and refusals (docs/decisions/0076): status and
// reason names, and the English `detail` texts of the crew endpoints (src/server/features/crew)
// said in the reader's language. Any other text is shown as it came.
import type { ANY_FAILURE_REASONS, Assignment, ItemFailureReason } from '#shared/contract/crew';
import type { MessageKey, MessageValues, Translate } from '#web/i18n/provider';

export const DELIVERY_STATUS: Record<Assignment['status'], MessageKey> = {
  Scheduled: 'crew.status.scheduled',
  'In Transit': 'crew.status.inTransit',
  Delivered: 'crew.status.delivered',
  Failed: 'crew.status.failed',
};

export const FAILURE_REASON: Record<(typeof ANY_FAILURE_REASONS)[number] | ItemFailureReason, MessageKey> = {
  Damaged: 'crew.reason.damaged',
  Refused: 'crew.reason.refused',
  Missing: 'crew.reason.missing',
  'Customer absent': 'crew.reason.customerAbsent',
  'Address not found': 'crew.reason.addressNotFound',
};

/** A status name from the server in the reader's language (an unknown one as it came). */
export function statusName(t: Translate, status: string): string {
  const key = DELIVERY_STATUS[status as Assignment['status']];
  return key ? t(key) : status;
}

/** A failure reason in the reader's language (an unknown one as it came). */
export function reasonName(t: Translate, reason: string): string {
  const key = FAILURE_REASON[reason as ItemFailureReason];
  return key ? t(key) : reason;
}

type Pattern = readonly [RegExp, MessageKey, (m: RegExpMatchArray, t: Translate) => MessageValues];

const seat = (word: string) => word.toLowerCase();

/** The crew endpoints' refusals (src/server/features/crew/start-rules.ts, crew.service.ts). */
export const CREW_PATTERNS: readonly Pattern[] = [
  [/^Network request failed/, 'crew.error.network', () => ({})],
  [
    /^Delivery #?(\d+) is already (.+)$/,
    'crew.refusal.already',
    (m, t) => ({ id: m[1]!, status: statusName(t, m[2]!) }),
  ],
  [
    /^Delivery #(\d+) cannot start without its (driver|assistant): ask the manager to complete the crew$/,
    'crew.refusal.noCrew',
    (m) => ({ id: m[1]!, who: m[2]! }),
  ],
  [
    /^Truck (.+?) is Under Repair( \(.+\))?: delivery #(\d+) cannot start with it; ask the manager to move the run to another truck$/,
    'crew.refusal.truckRepair',
    (m) => ({ plate: m[1]!, note: m[2] ?? '', id: m[3]! }),
  ],
  [
    /^Delivery #(\d+) is planned for (.+) \(Colombo time\); it can start from (.+), (\d+) hours before$/,
    'crew.refusal.tooEarly',
    (m) => ({ id: m[1]!, at: m[2]!, from: m[3]!, hours: Number(m[4]) }),
  ],
  [
    /^(Truck|Driver|Assistant) (.+) is on delivery #(\d+) \((.+)\), In Transit since (.+) \(Colombo time\): finish it before starting delivery #(\d+)$/,
    'crew.refusal.onTheRoad',
    (m) => ({ seat: seat(m[1]!), who: m[2]!, other: m[3]!, route: m[4]!, since: m[5]!, id: m[6]! }),
  ],
  [
    /^Delivery #(\d+) has no orders loaded: ask the manager to load the truck first$/,
    'crew.refusal.noOrders',
    (m) => ({ id: m[1]! }),
  ],
  [
    /^Delivery #(\d+) cannot start: its truck or crew has just started another run$/,
    'crew.refusal.race',
    (m) => ({ id: m[1]! }),
  ],
  [
    /^Delivery (\d+) is (.+?): (?:items can be .+|a failed delivery is reported) only while it is In Transit/,
    'crew.refusal.notOnTheRoad',
    (m, t) => ({ id: m[1]!, status: statusName(t, m[2]!) }),
  ],
  [
    /^Order (\d+) is already (.+)$/,
    'crew.refusal.orderAlready',
    (m, t) => ({ id: m[1]!, status: statusName(t, m[2]!) }),
  ],
  [
    /^Order (\d+) has no item left to deliver on delivery (\d+)$/,
    'crew.refusal.nothingLeft',
    (m) => ({ id: m[1]! }),
  ],
  [
    /^(.+) of order (\d+) was delivered on delivery (\d+): it cannot be .+ again$/,
    'crew.refusal.itemDelivered',
    (m) => ({ product: m[1]!, id: m[2]! }),
  ],
  [
    /^(.+) of order (\d+) was reported as not delivered \((.+)\) on this delivery: it cannot be .+ now$/,
    'crew.refusal.itemFailed',
    (m) => ({ product: m[1]!, id: m[2]! }),
  ],
  [/^Delivery (\d+) is not one of your assignments$/, 'crew.refusal.notYours', (m) => ({ id: m[1]! })],
  [/^Only the driver and assistant of delivery (\d+) can /, 'crew.refusal.notYours', (m) => ({ id: m[1]! })],
  [/^Delivery (\d+) not found$/, 'crew.refusal.notFound', (m) => ({ id: m[1]! })],
  [
    /^(?:order_id: )?[Oo]rder (\d+) is not on delivery (\d+)$/,
    'crew.refusal.notOnDelivery',
    (m) => ({ id: m[1]! }),
  ],
];

/** A crew refusal (or other known text) in the reader's language, else the text as it came. */
export function crewText(t: Translate, text: string): string {
  const trimmed = text.trim();
  for (const [pattern, key, values] of CREW_PATTERNS) {
    const match = trimmed.match(pattern);
    if (match) return t(key, values(match, t));
  }
  return text;
}
