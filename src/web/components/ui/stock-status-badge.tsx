import { STOCK_LABELS, type StockStatus, stockStatus } from '#shared/stock';
import { Badge, type BadgeTone } from './badge';

export const STOCK_TONES: Record<StockStatus, BadgeTone> = {
  unknown: 'neutral',
  'out of stock': 'danger',
  low: 'warning',
  medium: 'info',
  healthy: 'success',
};

/** A stock level status, in the one set of words of src/shared/stock.ts. */
export function StockLevelBadge({ status }: { status: StockStatus }) {
  return <Badge tone={STOCK_TONES[status]}>{STOCK_LABELS[status]}</Badge>;
}

/** The stock status (out of stock at 0, low below 50, medium below 150: src/shared/stock.ts). */
export function StockStatusBadge({ units }: { units: number | null | undefined }) {
  return <StockLevelBadge status={stockStatus(units)} />;
}
