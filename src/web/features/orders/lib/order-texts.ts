// The order screens' words for the server's values (docs/decisions/0083): status and failure
// reason names, and the "what happens next" sentence of src/shared/order-progress.ts said in the
// reader's language. A text the web does not know is shown as it came.
import type { ANY_FAILURE_REASONS } from '#shared/contract/crew';
import { cityName } from '#web/i18n/city-name';
import { orderStatusName } from '#web/i18n/order-status-name';
import type { MessageKey, MessageValues, Translate } from '#web/i18n/provider';

export { orderStatusName };

const REASON: Record<(typeof ANY_FAILURE_REASONS)[number], MessageKey> = {
  Damaged: 'crew.reason.damaged',
  Refused: 'crew.reason.refused',
  Missing: 'crew.reason.missing',
  'Customer absent': 'crew.reason.customerAbsent',
  'Address not found': 'crew.reason.addressNotFound',
};

/** Why an item was not delivered, in the reader's language ("Damaged"; an unknown one as it came). */
export function failureReason(t: Translate, reason: string): string {
  const key = REASON[reason as keyof typeof REASON];
  return key ? t(key) : reason;
}

/** The reason as part of a sentence: "damaged" (Sinhala and Tamil have no letter case). */
export const failureReasonInline = (t: Translate, reason: string) => failureReason(t, reason).toLowerCase();

/** "the Galle store" / "the store" of order-progress.ts: the city for a `{city, select}` message. */
const STORE = '(?:the (.+) store|the store)';
const city = (t: Translate, m: string | undefined) => (m ? cityName(t, m) : 'none');

type Pattern = readonly [RegExp, MessageKey, (m: RegExpMatchArray, t: Translate) => MessageValues];

// every sentence of nextStep() in src/shared/order-progress.ts (order-texts.test.ts holds them to it)
const NEXT_STEPS: readonly Pattern[] = [
  [/^The items not delivered were returned to Kandy and credited\.$/, 'order.next.returnedRest', () => ({})],
  [
    new RegExp(`^The item not delivered is back at ${STORE}: we will deliver it again\\.$`),
    'order.next.redeliver',
    (m, t) => ({ count: 1, city: city(t, m[1]) }),
  ],
  [
    new RegExp(`^The (\\d+) items not delivered are back at ${STORE}: we will deliver them again\\.$`),
    'order.next.redeliver',
    (m, t) => ({ count: Number(m[1]), city: city(t, m[2]) }),
  ],
  [
    /^Nothing was delivered: the items were returned to our Kandy warehouse and credited\.$/,
    'order.next.returnedAll',
    () => ({}),
  ],
  [
    new RegExp(`^We will book it on a train to ${STORE}\\.$`),
    'order.next.bookTrain',
    (m, t) => ({ city: city(t, m[1]) }),
  ],
  [
    new RegExp(`^On its way by rail to ${STORE}\\.$`),
    'order.next.onRail',
    (m, t) => ({ city: city(t, m[1]) }),
  ],
  [/^A truck will bring it from the store\.$/, 'order.next.truck', () => ({})],
];

/** The server's "what happens next" sentence (an order's `next_step`) in the reader's language. */
export function nextStepText(t: Translate, text: string): string {
  for (const [pattern, key, values] of NEXT_STEPS) {
    const match = text.match(pattern);
    if (match) return t(key, values(match, t));
  }
  return text;
}
