// The roster rules (docs/product/business-rules.md#rosters) as pure functions: no database, no
// clock. The delivery services call them with rows loaded under row locks; the dispatch planner
// (issue 12) calls the same functions on its in-memory plan. See docs/decisions/0013.
import {
  ASSISTANT_WEEKLY_HOURS,
  DRIVER_WEEKLY_HOURS,
  MAX_ASSISTANT_CONSECUTIVE,
  MIN_REST_MINUTES,
} from '#shared/constants';
import { businessDateTime } from '#shared/dates';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A delivery as the rules see it: it occupies its truck and crew from start to end. */
export interface Slot {
  /** null for the delivery being planned. */
  deliveryId: number | null;
  start: Date;
  end: Date;
}

export type CrewRole = 'driver' | 'assistant';

export interface CrewMember {
  employeeId: number;
  name: string;
  role: CrewRole;
  /** The store the person works from; null means any store. */
  storeId: number | null;
  storeCity: string | null;
  /** A personal weekly limit (hours); the role's limit applies when it is lower or absent. */
  weeklyHourLimit: number | null;
}

export interface TruckInfo {
  plateNumber: string;
  status: string;
  /** Why it has its status (always set Under Repair); absent where it was not read. */
  statusNote?: string | null;
  storeId: number;
  storeCity: string;
}

/**
 * Whether a truck may take a new run (docs/decisions/0057): Available and In Service trucks are
 * roadworthy; Under Repair ones are not.
 */
export const takesNewRuns = (status: string) => status !== 'Under Repair';

/** "Truck WP LA-4521 is Under Repair (brake pads being replaced)". */
export const truckUnderRepair = (truck: Pick<TruckInfo, 'plateNumber' | 'statusNote'>) =>
  `Truck ${truck.plateNumber} is Under Repair${truck.statusNote ? ` (${truck.statusNote})` : ''}`;

export interface RouteInfo {
  name: string;
  storeId: number;
  storeCity: string;
  maxDeliveryHours: number;
}

export type RosterRule =
  | 'truck-status'
  | 'truck-store'
  | 'crew-store'
  | 'overlap'
  | 'driver-rest'
  | 'assistant-consecutive'
  | 'weekly-hours';

export interface RosterViolation {
  rule: RosterRule;
  /** A sentence naming the rule and the truck or person, shown to the manager as is. */
  detail: string;
}

export interface RosterSettings {
  minRestMinutes: number;
  maxAssistantConsecutive: number;
  driverWeeklyHours: number;
  assistantWeeklyHours: number;
}

export const ROSTER_SETTINGS: RosterSettings = {
  minRestMinutes: MIN_REST_MINUTES,
  maxAssistantConsecutive: MAX_ASSISTANT_CONSECUTIVE,
  driverWeeklyHours: DRIVER_WEEKLY_HOURS,
  assistantWeeklyHours: ASSISTANT_WEEKLY_HOURS,
};

/** A delivery lasts its route's maximum delivery time. */
export function deliverySlot(start: Date, maxDeliveryHours: number, deliveryId: number | null = null): Slot {
  return { deliveryId, start, end: new Date(start.getTime() + Math.round(maxDeliveryHours * HOUR_MS)) };
}

/** Monday 00:00 UTC of the calendar week holding `at` (weeks count from Monday, in UTC). */
export function weekStart(at: Date): Date {
  const day = Math.floor(at.getTime() / DAY_MS);
  const monday = day - ((day + 3) % 7); // 1970-01-01 was a Thursday
  return new Date(monday * DAY_MS);
}

const hours = (s: Slot) => (s.end.getTime() - s.start.getTime()) / HOUR_MS;
const overlaps = (a: Slot, b: Slot) => a.start < b.end && b.start < a.end;
const time = (d: Date) => businessDateTime(d);
const round1 = (n: number) => Math.round(n * 10) / 10;
const label = (role: CrewRole) => (role === 'driver' ? 'Driver' : 'Assistant');
const others = (slots: readonly Slot[], slot: Slot) =>
  slots.filter((s) => slot.deliveryId === null || s.deliveryId !== slot.deliveryId);

/** The weekly hours a crew member may work: the role's limit, or a lower personal one. */
export function weeklyLimit(member: CrewMember, settings: RosterSettings = ROSTER_SETTINGS): number {
  const roleLimit = member.role === 'driver' ? settings.driverWeeklyHours : settings.assistantWeeklyHours;
  return member.weeklyHourLimit === null ? roleLimit : Math.min(roleLimit, member.weeklyHourLimit);
}

/** Scheduled hours of the deliveries that start in the week beginning at `monday`. */
export function hoursInWeek(slots: readonly Slot[], monday: Date): number {
  const from = monday.getTime();
  const to = from + 7 * DAY_MS;
  return slots
    .filter((s) => s.start.getTime() >= from && s.start.getTime() < to)
    .reduce((sum, s) => sum + hours(s), 0);
}

function overlapViolation(subject: string, slots: readonly Slot[], slot: Slot): RosterViolation | null {
  const clash = slots.find((s) => overlaps(s, slot));
  if (!clash) return null;
  return {
    rule: 'overlap',
    detail: `${subject} is already on delivery ${clash.deliveryId} from ${time(clash.start)} to ${time(clash.end)}, which overlaps this delivery (${time(slot.start)} to ${time(slot.end)})`,
  };
}

/** Truck rules: not under repair, based at the route's store, never on two deliveries at once. */
export function truckViolation(
  truck: TruckInfo,
  route: RouteInfo,
  truckSlots: readonly Slot[],
  slot: Slot,
): RosterViolation | null {
  if (!takesNewRuns(truck.status)) {
    return {
      rule: 'truck-status',
      detail: `${truckUnderRepair(truck)} and cannot take new runs`,
    };
  }
  if (truck.storeId !== route.storeId) {
    return {
      rule: 'truck-store',
      detail: `Truck ${truck.plateNumber} is based at the ${truck.storeCity} store, but route ${route.name} starts at the ${route.storeCity} store`,
    };
  }
  return overlapViolation(`Truck ${truck.plateNumber}`, others(truckSlots, slot), slot);
}

/** The deliveries of one person run together when the gap between them is shorter than the rest. */
function consecutiveRun(slots: readonly Slot[], slot: Slot, restMs: number): Slot[] {
  const sorted = [...slots, slot].sort((a, b) => a.start.getTime() - b.start.getTime());
  const at = sorted.indexOf(slot);
  let first = at;
  while (first > 0 && sorted[first]!.start.getTime() - sorted[first - 1]!.end.getTime() < restMs) first--;
  let last = at;
  while (last < sorted.length - 1 && sorted[last + 1]!.start.getTime() - sorted[last]!.end.getTime() < restMs)
    last++;
  return sorted.slice(first, last + 1);
}

/**
 * The first rule a crew member would break on this delivery, or null. In order: the store, no
 * overlap, the driver's rest (never two deliveries in a row) or the assistant's limit of
 * consecutive deliveries, and the weekly hours. `memberSlots` are the person's other deliveries
 * (a slot with the same deliveryId as `slot` is ignored, so an edit does not clash with itself).
 */
export function crewViolation(
  member: CrewMember,
  route: RouteInfo,
  memberSlots: readonly Slot[],
  slot: Slot,
  settings: RosterSettings = ROSTER_SETTINGS,
): RosterViolation | null {
  const who = `${label(member.role)} ${member.name}`;
  if (member.storeId !== null && member.storeId !== route.storeId) {
    return {
      rule: 'crew-store',
      detail: `${who} works at the ${member.storeCity ?? 'another'} store, but route ${route.name} starts at the ${route.storeCity} store`,
    };
  }
  const mine = others(memberSlots, slot);
  const overlap = overlapViolation(who, mine, slot);
  if (overlap) return overlap;

  const restMs = settings.minRestMinutes * 60_000;
  if (member.role === 'driver') {
    const tooClose = mine.find((s) =>
      s.end <= slot.start
        ? slot.start.getTime() - s.end.getTime() < restMs
        : s.start.getTime() - slot.end.getTime() < restMs,
    );
    if (tooClose) {
      const when =
        tooClose.end <= slot.start ? `ends at ${time(tooClose.end)}` : `starts at ${time(tooClose.start)}`;
      return {
        rule: 'driver-rest',
        detail: `${who} needs at least ${settings.minRestMinutes} minutes of rest between deliveries (a driver is never on two consecutive deliveries): delivery ${tooClose.deliveryId} ${when}`,
      };
    }
  } else {
    const run = consecutiveRun(mine, slot, restMs);
    if (run.length > settings.maxAssistantConsecutive) {
      const ids = run.map((s) => (s === slot ? 'this one' : `delivery ${s.deliveryId}`)).join(', ');
      return {
        rule: 'assistant-consecutive',
        detail: `${who} would be on ${run.length} consecutive deliveries without a ${settings.minRestMinutes}-minute rest (${ids}); an assistant may do at most ${settings.maxAssistantConsecutive} in a row`,
      };
    }
  }

  const monday = weekStart(slot.start);
  const limit = weeklyLimit(member, settings);
  const total = hoursInWeek(mine, monday) + hours(slot);
  if (total > limit + 1e-9) {
    return {
      rule: 'weekly-hours',
      detail: `${who} would work ${round1(total)} h in the week of ${monday.toISOString().slice(0, 10)}, above the weekly limit of ${limit} h`,
    };
  }
  return null;
}

/**
 * The span whose deliveries decide whether `slot` is allowed: its calendar week (weekly hours)
 * and two days either side (overlaps, rest and runs of consecutive deliveries).
 */
export function rosterWindow(slot: Slot): { from: Date; to: Date } {
  const monday = weekStart(slot.start).getTime();
  return {
    from: new Date(Math.min(monday, slot.start.getTime()) - 2 * DAY_MS),
    to: new Date(Math.max(monday + 7 * DAY_MS, slot.end.getTime()) + 2 * DAY_MS),
  };
}

/** The deliveries of a person minus the one being edited, for the figures shown beside a name. */
export function hoursBefore(slots: readonly Slot[], slot: Slot): number {
  return round1(hoursInWeek(others(slots, slot), weekStart(slot.start)));
}
