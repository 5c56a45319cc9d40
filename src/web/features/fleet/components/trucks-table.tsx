import type { ReactNode } from 'react';
import type { Truck } from '#shared/contract/deliveries';
import { DataTable } from '#web/components/ui/data-table';
import { TruckRunsCell, TruckStatusCell } from './truck-status';

/** The trucks with their store, capacity, status (note and since when) and runs to do. */
export function TrucksTable({
  trucks,
  actions,
}: {
  trucks: readonly Truck[];
  actions: (truck: Truck) => ReactNode;
}) {
  return (
    <DataTable
      caption="Trucks"
      rows={trucks}
      rowKey={(t) => t.truck_id}
      columns={[
        {
          header: 'Plate',
          cell: (t) => <span className="font-medium whitespace-nowrap text-slate-900">{t.plate_number}</span>,
        },
        { header: 'Store', cell: (t) => t.store_city },
        {
          header: 'Capacity',
          cell: (t) => `${t.capacity} units`,
          align: 'right',
          className: 'whitespace-nowrap',
        },
        { header: 'Status', cell: (t) => <TruckStatusCell truck={t} /> },
        { header: 'Runs to do', cell: (t) => <TruckRunsCell truck={t} /> },
        {
          header: <span className="sr-only">Actions</span>,
          align: 'right',
          cell: (t) => <div className="flex justify-end gap-1">{actions(t)}</div>,
        },
      ]}
    />
  );
}
