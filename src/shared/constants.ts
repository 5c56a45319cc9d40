/** Business constants (docs/product/business-rules.md states the rules they belong to). */
export const ORDER_LEAD_DAYS = 7;
export const DELIVERY_FEE = 25;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Attachments per order: at most this many files, and this many bytes together. */
export const MAX_ORDER_ATTACHMENTS = 10;
export const MAX_ORDER_ATTACHMENT_TOTAL_BYTES = 25 * 1024 * 1024;
/** The latest delivery date an order may ask for, in days from today (stock is held until then). */
export const MAX_SCHEDULE_DAYS_AHEAD = 365;
export const ATTACHMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
export const STOCK_LOW_BELOW = 50;
export const STOCK_MEDIUM_BELOW = 150;
export const POLL_INTERVAL_MS = 30_000;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TOKEN_STORAGE_KEY = 'auth_token';
/** The longest username or email that signs in (usernames have 50, emails 200 at registration). */
export const MAX_LOGIN_LENGTH = 200;
/** The longest password anyone can set, so the longest worth checking. */
export const MAX_PASSWORD_LENGTH = 200;

/**
 * Roster rules (docs/product/business-rules.md#rosters). Weekly limits per calendar week (Monday-Sunday,
 * UTC).
 */
export const DRIVER_WEEKLY_HOURS = 40;
export const ASSISTANT_WEEKLY_HOURS = 60;
/** The rest between two deliveries: a shorter gap makes them consecutive. */
export const MIN_REST_MINUTES = 60;
/** A driver is never on two consecutive deliveries; an assistant on at most this many in a row. */
export const MAX_ASSISTANT_CONSECUTIVE = 2;
/**
 * Train trips above this utilisation (%) show Near Full
 * (docs/product/business-rules.md#train-trips-and-allocation).
 */
export const NEAR_FULL_PERCENT = 90;

/** How a trip's load reads: Full with no space left, Near Full above 90 %, else On Schedule. */
export const TRIP_LOAD_STATUSES = ['Full', 'Near Full', 'On Schedule'] as const;
export type TripLoadStatus = (typeof TRIP_LOAD_STATUSES)[number];

/**
 * The load status of a trip from its booked and total space (any one unit for both, e.g. cents):
 * Full at 100 % (decision 0064), Near Full above NEAR_FULL_PERCENT, else On Schedule
 * (docs/product/business-rules.md#train-trips-and-allocation).
 */
export function tripLoadStatus(used: number, total: number): TripLoadStatus {
  if (total > 0 && used >= total) return 'Full';
  return used * 100 > NEAR_FULL_PERCENT * total ? 'Near Full' : 'On Schedule';
}

/** Currency as the portals show it: $ with 2 decimals (docs/product/business-rules.md#the-company). */
export function formatMoney(value: number): string {
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Manager portal (issue 8). Train trips above this utilisation (%) show amber on the board. */
export const TRIP_BUSY_PERCENT = 70;
/** Hours a truck can be on the road per day: the denominator of the truck usage report. */
export const TRUCK_HOURS_PER_DAY = 10;
/** Pending-order priority by days left to the requested date: High within 2, Medium within 5. */
export const HIGH_PRIORITY_DAYS = 2;
export const MEDIUM_PRIORITY_DAYS = 5;
/** Dashboard alert: an order this close to its date (days) with no train booked. */
export const NO_TRAIN_ALERT_DAYS = 3;
/** The manager dashboard's on-time rate covers the orders delivered in the last this many days. */
export const ON_TIME_WINDOW_DAYS = 30;

/**
 * The crew may start a run from this many hours before its planned time (a late start is
 * allowed: trucks leave late). docs/decisions/0056.
 */
export const START_WINDOW_HOURS = 2;
export const START_WINDOW_MS = START_WINDOW_HOURS * 3_600_000;
/** The longest a route may take (hours): a working day. docs/decisions/0057. */
export const MAX_ROUTE_HOURS = 12;
