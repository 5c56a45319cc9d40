import { useState } from 'react';
import { NEAR_FULL_PERCENT, TRIP_BUSY_PERCENT } from '#shared/constants';
import type { PlanTripView } from '#shared/contract/planning';
import { Badge } from '#web/components/ui/badge';
import { type Column, DataTable } from '#web/components/ui/data-table';
import { Meter } from '#web/components/ui/meter';
import { formatDateTime, formatSpace } from '#web/lib/format';

const percent = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 1000) / 10 : 0);

function LoadMeter({ trip, used, label }: { trip: PlanTripView; used: number; label: string }) {
  return (
    <Meter
      label={label}
      value={used}
      max={trip.total_capacity}
      danger={NEAR_FULL_PERCENT}
      warning={TRIP_BUSY_PERCENT}
      valueText={`${percent(used, trip.total_capacity)} %`}
      className="min-w-36"
    />
  );
}

const columns: Column<PlanTripView>[] = [
  {
    header: 'Train',
    cell: (t) => (
      <div>
        <p className="font-medium text-slate-900">{t.train_name}</p>
        <p className="text-xs text-slate-500">
          Trip {t.train_trip_id} · to {t.city}
        </p>
      </div>
    ),
  },
  {
    header: 'Departs / arrives',
    className: 'whitespace-nowrap',
    cell: (t) => (
      <div className="text-slate-700">
        <p>{formatDateTime(t.departure_date_time)}</p>
        <p className="text-xs text-slate-500">{formatDateTime(t.arrival_date_time)}</p>
      </div>
    ),
  },
  {
    header: 'Before',
    cell: (t) => <LoadMeter trip={t} used={t.used_before} label={`${t.train_name} before`} />,
  },
  {
    header: 'After',
    cell: (t) => <LoadMeter trip={t} used={t.used_after} label={`${t.train_name} after`} />,
  },
  {
    header: 'Space',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (t) => `${formatSpace(t.used_after)} / ${formatSpace(t.total_capacity)}`,
  },
  {
    header: 'New orders',
    align: 'right',
    cell: (t) =>
      t.new_orders > 0 ? (
        <Badge tone="brand">+{t.new_orders}</Badge>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  },
];

/** The trips the plan may use: booked space before and after, and the orders it adds. */
export function PlanTrainBoard({ trips }: { trips: PlanTripView[] }) {
  const touched = trips.filter((t) => t.new_orders > 0);
  const [onlyNew, setOnlyNew] = useState(touched.length > 0);
  const rows = onlyNew ? touched : trips;
  return (
    <div>
      <label className="mb-3 inline-flex items-center gap-2 px-5 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 text-indigo-600"
          checked={onlyNew}
          onChange={(e) => setOnlyNew(e.target.checked)}
        />
        Only trips with new bookings ({touched.length} of {trips.length})
      </label>
      <DataTable
        caption="Train board of the proposal"
        columns={columns}
        rows={rows}
        rowKey={(t) => t.train_trip_id}
        empty={
          <p className="px-5 py-8 text-center text-sm text-slate-600">
            No train trip arrives in time for these orders.
          </p>
        }
      />
    </div>
  );
}
