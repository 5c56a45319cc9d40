import { ClipboardList, Clock, TrainFront, Truck } from 'lucide-react';
import type { ManagerStats } from '#shared/contract/manager-dashboard';
import { StatCard, StatGrid } from '#web/components/ui/stat-card';

/** The four stat cards of the manager dashboard (docs/product/portals.md#manager). */
export function ManagerStatCards({ stats }: { stats: ManagerStats }) {
  return (
    <StatGrid label="Today's figures">
      <StatCard
        label="Active train trips"
        value={stats.active_train_trips}
        icon={TrainFront}
        hint="Not yet arrived"
      />
      <StatCard
        label="Active truck routes"
        value={stats.active_truck_routes}
        icon={Truck}
        tone="info"
        hint="Scheduled or on the road"
      />
      <StatCard
        label="Pending orders"
        value={stats.pending_orders}
        icon={ClipboardList}
        tone={stats.pending_orders > 0 ? 'warning' : 'success'}
        hint="Waiting for approval"
      />
      <StatCard
        label="On-time rate"
        value={stats.on_time_rate === null ? '—' : `${stats.on_time_rate}%`}
        icon={Clock}
        tone="success"
        hint={
          stats.on_time_rate === null
            ? `No deliveries in the last ${stats.on_time_window_days} days`
            : `By the requested date, last ${stats.on_time_window_days} days`
        }
      />
    </StatGrid>
  );
}
