import type { AdminStats } from '#shared/contract/admin-dashboard';
import { Meter } from '#web/components/ui/meter';

/** Staff-active scale (docs/product/portals.md#admin). */
export const STAFF_ACTIVE_MAX = 200;

/** Train % of 100, truck % of 100 and staff active of 200 (docs/product/portals.md#admin). */
export function UtilisationBars({ stats }: { stats: AdminStats }) {
  const rows = [
    {
      label: 'Train capacity',
      hint: 'Booked of total, trips in the last and next 30 days',
      value: stats.train_utilization,
      max: 100,
      text: `${stats.train_utilization} %`,
    },
    {
      label: 'Truck hours',
      hint: 'Scheduled of available, last and next 30 days',
      value: stats.truck_utilization,
      max: 100,
      text: `${stats.truck_utilization} %`,
    },
    {
      label: 'Staff active',
      hint: 'Drivers and assistants on a delivery this week',
      value: stats.staff_active,
      max: STAFF_ACTIVE_MAX,
      text: `${stats.staff_active} / ${STAFF_ACTIVE_MAX}`,
    },
  ];
  return (
    <ul className="space-y-4 px-5 py-4">
      {rows.map((r) => (
        <li key={r.label}>
          <p className="text-sm font-medium text-slate-800">{r.label}</p>
          <p className="mb-1 text-xs text-slate-500">{r.hint}</p>
          <Meter label={r.label} value={r.value} max={r.max} valueText={r.text} warning={70} danger={90} />
        </li>
      ))}
    </ul>
  );
}
