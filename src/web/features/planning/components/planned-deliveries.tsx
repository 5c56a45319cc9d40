import type { PlannedDeliveryView } from '#shared/contract/planning';
import { type Column, DataTable } from '#web/components/ui/data-table';
import { formatSpace } from '#web/lib/format';
import { slotText } from '../lib/timeline';

const columns: Column<PlannedDeliveryView>[] = [
  {
    header: 'Delivery',
    className: 'whitespace-nowrap',
    cell: (d) => (
      <div>
        <p className="font-medium text-slate-900">P{d.key}</p>
        {d.delivery_id && <p className="text-xs text-slate-500">Delivery {d.delivery_id}</p>}
      </div>
    ),
  },
  {
    header: 'Route',
    cell: (d) => (
      <div>
        <p className="text-slate-900">{d.route_name}</p>
        <p className="text-xs text-slate-500">{d.store_city} store</p>
      </div>
    ),
  },
  {
    header: 'When (Colombo)',
    className: 'whitespace-nowrap',
    cell: (d) => slotText(d.delivery_date_time, d.end_date_time),
  },
  { header: 'Truck', className: 'whitespace-nowrap', cell: (d) => d.plate_number },
  {
    header: 'Crew',
    cell: (d) => (
      <div>
        <p>{d.driver_name}</p>
        <p className="text-xs text-slate-500">{d.assistant_name}</p>
      </div>
    ),
  },
  {
    header: 'Orders',
    cell: (d) => <span className="text-slate-700">{d.order_ids.map((id) => `#${id}`).join(', ')}</span>,
  },
  {
    header: 'Load',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (d) => `${formatSpace(d.load)} / ${formatSpace(d.truck_capacity)}`,
  },
];

/** The truck deliveries of the proposal with their crews and orders. */
export function PlannedDeliveries({ deliveries }: { deliveries: PlannedDeliveryView[] }) {
  return (
    <DataTable
      caption="Planned deliveries"
      columns={columns}
      rows={deliveries}
      rowKey={(d) => d.key}
      empty={
        <p className="px-5 py-8 text-center text-sm text-slate-600">No truck delivery could be planned.</p>
      }
    />
  );
}
