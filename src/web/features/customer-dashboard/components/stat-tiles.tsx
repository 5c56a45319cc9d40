import { CircleCheck, type LucideIcon, Package, Truck } from 'lucide-react';
import { Card } from '#web/components/ui/card';
import { StatCardPlaceholder } from '#web/components/ui/stat-card';
import { useT } from '#web/i18n/provider';

export interface StatTilesProps {
  total: number;
  active: number;
  delivered: number;
}

function Tile({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value: number;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <div className={`flex size-11 items-center justify-center rounded-lg ${tone}`}>
        <Icon aria-hidden="true" className="size-5" />
      </div>
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
      </div>
    </Card>
  );
}

/** Total, active and delivered order counts (docs/product/portals.md#customer). */
export function StatTiles({ total, active, delivered }: StatTilesProps) {
  const t = useT();
  return (
    <section aria-label={t('customer.stats.label')} className="grid gap-4 sm:grid-cols-3">
      <Tile
        label={t('customer.stats.total')}
        value={total}
        icon={Package}
        tone="bg-indigo-50 text-indigo-700"
      />
      <Tile
        label={t('customer.stats.active')}
        value={active}
        icon={Truck}
        tone="bg-violet-50 text-violet-700"
      />
      <Tile
        label={t('customer.stats.delivered')}
        value={delivered}
        icon={CircleCheck}
        tone="bg-emerald-50 text-emerald-700"
      />
    </section>
  );
}

/**
 * The three tiles' place while the counts load, the loading text for screen readers (what comes
 * below stays where it will be: docs/decisions/0088).
 */
export function StatTilesLoading({ label }: { label: string }) {
  const t = useT();
  return (
    <section aria-label={t('customer.stats.label')} aria-busy="true" className="grid gap-4 sm:grid-cols-3">
      <p role="status" className="sr-only">
        {label}
      </p>
      {['total', 'active', 'delivered'].map((tile) => (
        <StatCardPlaceholder key={tile} />
      ))}
    </section>
  );
}
