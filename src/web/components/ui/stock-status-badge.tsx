import { type StockStatus, stockStatus } from '#shared/constants';
import { Badge, type BadgeTone } from './badge';

const LOOK: Record<StockStatus, { tone: BadgeTone; label: string }> = {
  unknown: { tone: 'neutral', label: 'Unknown' },
  'out of stock': { tone: 'danger', label: 'Out of stock' },
  low: { tone: 'warning', label: 'Low' },
  medium: { tone: 'info', label: 'Medium' },
  healthy: { tone: 'success', label: 'Healthy' },
};

/** The stock status of portal-spec §4 (out of stock at 0, low below 50, medium below 150). */
export function StockStatusBadge({ units }: { units: number | null | undefined }) {
  const { tone, label } = LOOK[stockStatus(units)];
  return <Badge tone={tone}>{label}</Badge>;
}
