import { MAX_SCHEDULE_DAYS_AHEAD, ORDER_LEAD_DAYS } from '#shared/constants';
import { addDays, businessDate, isRealDate } from '#shared/dates';

/** The earliest delivery date a customer may pick: today in Colombo plus the lead time, as YYYY-MM-DD. */
export function minDeliveryDate(today: Date = new Date(), leadDays: number = ORDER_LEAD_DAYS): string {
  return addDays(businessDate(today), leadDays);
}

/** The latest delivery date a customer may pick: today in Colombo plus MAX_SCHEDULE_DAYS_AHEAD. */
export function maxDeliveryDate(today: Date = new Date(), days: number = MAX_SCHEDULE_DAYS_AHEAD): string {
  return addDays(businessDate(today), days);
}

/** YYYY-MM-DD strings compare correctly as text; anything unparsable is not allowed. */
export function isAllowedDeliveryDate(value: string, minDate: string, maxDate?: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isRealDate(value)) return false;
  return value >= minDate && (maxDate === undefined || value <= maxDate);
}
