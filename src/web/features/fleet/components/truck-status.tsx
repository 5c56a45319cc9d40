import { TRUCK_STATUSES, type Truck } from '#shared/contract/deliveries';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { formatDayMonth } from '#web/lib/format';

export type TruckStatus = (typeof TRUCK_STATUSES)[number];

/** What each status means (docs/decisions/0057), said where it is chosen. */
export const TRUCK_STATUS_MEANING: Record<TruckStatus, string> = {
  Available: 'Roadworthy and ready: it takes runs.',
  'In Service': 'Roadworthy and in regular service: it takes runs; the note says what to know about it.',
  'Under Repair':
    'Off the road: no new run, its crew cannot start one, and its scheduled runs are flagged to move to another truck. Say what is being repaired.',
};

const TONE: Record<TruckStatus, BadgeTone> = {
  Available: 'success',
  'In Service': 'info',
  'Under Repair': 'danger',
};

export function TruckStatusBadge({ status }: { status: TruckStatus }) {
  return <Badge tone={TONE[status]}>{status}</Badge>;
}

/** The status with its note and since when, as text (nothing hides in a tooltip). */
export function TruckStatusCell({ truck }: { truck: Truck }) {
  return (
    <div className="min-w-48 space-y-1">
      <TruckStatusBadge status={truck.status} />
      {truck.status_note && <p className="text-xs text-slate-700">{truck.status_note}</p>}
      <p className="text-xs text-slate-500">since {formatDayMonth(truck.status_changed_at)}</p>
    </div>
  );
}

/** A truck's runs still to do; an Under Repair truck's need another truck. */
export function TruckRunsCell({ truck }: { truck: Truck }) {
  if (truck.scheduled_runs === 0) return <span className="text-slate-500">None</span>;
  const runs = `${truck.scheduled_runs} ${truck.scheduled_runs === 1 ? 'run' : 'runs'}`;
  return truck.status === 'Under Repair' ? (
    <Badge tone="warning">{runs} need another truck</Badge>
  ) : (
    <span>{runs} scheduled</span>
  );
}

export { TRUCK_STATUSES };
