import type { AppContext } from '#server/context';
import { withActor } from '#server/db/client';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound } from '#server/http/errors';
import type { Dismissal, InventoryAlert } from '#shared/contract/inventory-alerts';
import { businessDate } from '#shared/dates';
import {
  ALERT_DEMAND_DAYS,
  ALERT_USAGE_DAYS,
  alertLevel,
  alertSeverity,
  isWorse,
  reorderQuantity,
  suggestedReorderPoint,
} from '#shared/stock';
import * as q from './inventory-alerts.queries';

const SEVERITY_ORDER = { out_of_stock: 0, critical: 1, warning: 2 };

/**
 * The current low-stock alerts, most severe first. A dismissal hides an alert for its user
 * until the alert gets worse (warning -> critical -> out of stock) or the stock recovers above
 * the alert and falls again (docs/decisions/0018).
 */
export async function inventoryAlerts(ctx: AppContext, user: AuthUser): Promise<InventoryAlert[]> {
  const rows = await q.alertingProducts(
    ctx.db,
    user.userId,
    businessDate(ctx.clock()),
    ALERT_USAGE_DAYS,
    ALERT_DEMAND_DAYS,
  );
  const alerts = rows.flatMap((row) => {
    const level = alertLevel(row.available_units, row.reorder_point);
    const severity = alertSeverity(row.available_units, row.reorder_point);
    if (!level || !severity) return [];
    const dismissed =
      row.dismissed_level !== null && !row.recovered_since && !isWorse(severity, row.dismissed_level);
    const suggested = suggestedReorderPoint(row.reorder_point, row.issued);
    return [
      {
        severity,
        alert: {
          product_id: row.product_id,
          product_name: row.product_name,
          category: row.category,
          available_units: row.available_units,
          reorder_point: row.reorder_point,
          alert_level: level,
          suggested_reorder_point: suggested,
          reorder_quantity: reorderQuantity(suggested, row.available_units),
          pending_demand_units: row.pending_demand_units,
          issued_last_30_days: row.issued,
          dismissed,
          dismissed_at: dismissed ? row.dismissed_at : null,
        },
      },
    ];
  });
  const ratio = (a: InventoryAlert) => (a.reorder_point > 0 ? a.available_units / a.reorder_point : 0);
  return alerts
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        ratio(a.alert) - ratio(b.alert) ||
        a.alert.product_name.localeCompare(b.alert.product_name),
    )
    .map((a) => a.alert);
}

/** Dismisses the product's current alert for this user, remembering how bad it was. */
export async function dismissAlert(ctx: AppContext, user: AuthUser, productId: number): Promise<Dismissal> {
  return withActor(ctx.db, user.userId, async (tx) => {
    const product = await q.productStock(tx, productId);
    if (!product) throw notFound(`Product ${productId} not found`);
    const severity = alertSeverity(product.available_units, product.reorder_point);
    if (!severity) {
      throw conflict(
        `${product.name} has no low-stock alert to dismiss (${product.available_units} units, reorder point ${product.reorder_point})`,
      );
    }
    return q.upsertDismissal(tx, {
      userId: user.userId,
      productId,
      level: severity,
      units: product.available_units,
    });
  });
}

/** Restores a dismissed alert (nothing to do when it was not dismissed). */
export async function restoreAlert(ctx: AppContext, user: AuthUser, productId: number): Promise<void> {
  await withActor(ctx.db, user.userId, async (tx) => {
    if (!(await q.productStock(tx, productId))) throw notFound(`Product ${productId} not found`);
    await q.deleteDismissal(tx, user.userId, productId);
  });
}
