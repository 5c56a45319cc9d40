/**
 * Stock movements, stock levels and low-stock alerts (docs/product/business-rules.md#stock-and-the-ledger,
 * #stock-levels-and-alerts).
 */
import { STOCK_LOW_BELOW, STOCK_MEDIUM_BELOW } from './constants';

/**
 * How much of a product is in stock (docs/product/business-rules.md#stock-levels-and-alerts):
 * unknown if undefined, out of stock at 0, low below 50, medium below 150, otherwise healthy.
 */
export const STOCK_STATUSES = ['unknown', 'out of stock', 'low', 'medium', 'healthy'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export function stockStatus(units: number | null | undefined): StockStatus {
  if (units === null || units === undefined) return 'unknown';
  if (units <= 0) return 'out of stock';
  if (units < STOCK_LOW_BELOW) return 'low';
  if (units < STOCK_MEDIUM_BELOW) return 'medium';
  return 'healthy';
}

/**
 * The one set of words for stock levels, on every screen, report and download
 * (docs/decisions/0064): the product report's "In Stock, Low Stock", the others in their pattern.
 */
export const STOCK_LABELS: Record<StockStatus, string> = {
  unknown: 'Unknown',
  'out of stock': 'Out of Stock',
  low: 'Low Stock',
  medium: 'Medium Stock',
  healthy: 'In Stock',
};

export const stockLabel = (units: number | null | undefined) => STOCK_LABELS[stockStatus(units)];

/**
 * The reports' levels ("0, below 50, else healthy": docs/product/business-rules.md#stock-levels-and-alerts):
 * no medium there.
 */
export function reportStockStatus(units: number | null | undefined): StockStatus {
  const status = stockStatus(units);
  return status === 'medium' ? 'healthy' : status;
}

export const reportStockLabel = (units: number | null | undefined) => STOCK_LABELS[reportStockStatus(units)];

export const STOCK_REASONS = [
  'initial',
  'order_reserved',
  'order_cancelled',
  'manual_count',
  'production_receipt',
  'delivery_returned',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  initial: 'Opening stock',
  order_reserved: 'Order reserved',
  order_cancelled: 'Order cancelled',
  manual_count: 'Manual count',
  production_receipt: 'Production receipt',
  delivery_returned: 'Sent back from a store',
};

/** The largest stock a count may set and a receipt may add (far below the integer column's range). */
export const MAX_COUNT_UNITS = 100_000_000;
export const MAX_RECEIPT_UNITS = 1_000_000;

/** How far ahead the alerts look at the demand of pending orders, and how far back at the issue rate. */
export const ALERT_DEMAND_DAYS = 14;
export const ALERT_USAGE_DAYS = 30;

export const ALERT_LEVELS = ['warning', 'critical'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/**
 * The alert of a product: `critical` when out of stock or at or below a third of its reorder
 * point, `warning` below the reorder point, otherwise none.
 */
export function alertLevel(units: number, reorderPoint: number): AlertLevel | null {
  if (units <= 0 || units * 3 <= reorderPoint) return 'critical';
  if (units < reorderPoint) return 'warning';
  return null;
}

/** Severity for dismissals: an alert comes back when it climbs this scale. */
export type AlertSeverity = 'warning' | 'critical' | 'out_of_stock';
const SEVERITY_RANK: Record<AlertSeverity, number> = { warning: 1, critical: 2, out_of_stock: 3 };

export function alertSeverity(units: number, reorderPoint: number): AlertSeverity | null {
  const level = alertLevel(units, reorderPoint);
  if (level === null) return null;
  return units <= 0 ? 'out_of_stock' : level;
}

export function isWorse(now: AlertSeverity, then: AlertSeverity): boolean {
  return SEVERITY_RANK[now] > SEVERITY_RANK[then];
}

/**
 * The reorder point the recent issue rate calls for: enough for the demand horizon at the
 * average daily issue of the last ALERT_USAGE_DAYS, and never below the product's own.
 */
export function suggestedReorderPoint(reorderPoint: number, issuedLastPeriod: number): number {
  const daily = Math.max(0, issuedLastPeriod) / ALERT_USAGE_DAYS;
  return Math.max(reorderPoint, Math.ceil(daily * ALERT_DEMAND_DAYS));
}

/**
 * The reorder suggestion is the suggested point minus the units, at least 0
 * (docs/product/business-rules.md#stock-levels-and-alerts).
 */
export function reorderQuantity(suggestedPoint: number, units: number): number {
  return Math.max(0, suggestedPoint - units);
}
