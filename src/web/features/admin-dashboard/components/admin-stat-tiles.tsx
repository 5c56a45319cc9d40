import { CircleCheck, Clock, Package, Users } from 'lucide-react';
import type { AdminStats } from '#shared/contract/admin-dashboard';
import { StatCard, StatCardPlaceholder, StatGrid } from '#web/components/ui/stat-card';

const n = (v: number) => v.toLocaleString('en-US');

/** The four stat tiles of the admin dashboard (docs/product/portals.md#admin). */
export function AdminStatTiles({ stats }: { stats: AdminStats }) {
  return (
    <StatGrid label="Company figures">
      <StatCard label="Total orders" value={n(stats.total_orders)} icon={Package} hint="All time" />
      <StatCard
        label="Pending orders"
        value={n(stats.pending_orders)}
        icon={Clock}
        tone="warning"
        hint="Waiting for a decision"
      />
      <StatCard
        label="Delivered orders"
        value={n(stats.delivered_orders)}
        icon={CircleCheck}
        tone="success"
        hint="All time"
      />
      <StatCard
        label="Active users"
        value={n(stats.active_users)}
        icon={Users}
        tone="info"
        hint="Signed in within 30 days"
      />
    </StatGrid>
  );
}

/** The four tiles' place while the figures load (the cards below stay where they will be). */
export function AdminStatTilesLoading() {
  return (
    <StatGrid label="Company figures" loading="Loading the figures...">
      {['total', 'pending', 'delivered', 'users'].map((tile) => (
        <StatCardPlaceholder key={tile} hint />
      ))}
    </StatGrid>
  );
}
