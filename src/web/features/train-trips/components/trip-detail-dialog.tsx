import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { StatusBadge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { DataTable } from '#web/components/ui/data-table';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { formatDate, formatDateTime, formatSpace } from '#web/lib/format';
import { usePageTitle } from '#web/lib/page-title';
import { useTrainTrip } from '../api/get-train-trip';
import { useUpdateTrainTrip } from '../api/save-train-trip';
import { spaceText, TripMeter, TripStatusBadge } from './trip-load';

function CapacityForm({ tripId, total, booked }: { tripId: number; total: number; booked: number }) {
  const [value, setValue] = useState(String(total));
  const update = useUpdateTrainTrip(tripId);
  useEffect(() => setValue(String(total)), [total]);
  const number = Number(value);
  const error =
    value.trim() === '' || !Number.isFinite(number) || number <= 0
      ? 'Enter a capacity above 0'
      : number < booked
        ? `At least ${formatSpace(booked)}: that much is booked`
        : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!error) update.mutate({ total_capacity: number });
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="flex items-end gap-2">
        <Input
          label="Total capacity"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            update.reset();
          }}
          error={value !== String(total) ? error : undefined}
          containerClassName="w-40"
        />
        <Button
          type="submit"
          variant="secondary"
          loading={update.isPending}
          disabled={!!error || number === total}
        >
          Save capacity
        </Button>
      </div>
      {update.isError && <Alert variant="error">{update.error.message}</Alert>}
      {update.isSuccess && <Alert variant="success">Capacity saved.</Alert>}
    </form>
  );
}

/** A trip with its capacity bar, the orders booked on it and a capacity change. */
export function TripDetailDialog({ tripId, onClose }: { tripId: number | null; onClose: () => void }) {
  const trip = useTrainTrip(tripId);
  const data = trip.data;
  usePageTitle(tripId !== null ? `Trip ${tripId}` : null);
  return (
    <Dialog
      open={tripId !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={data ? `${data.train_name} · trip ${data.train_trip_id}` : `Train trip ${tripId ?? ''}`}
      description={
        data
          ? `${data.departure_city} ${formatDateTime(data.departure_date_time)} → ${data.arrival_city} ${formatDateTime(data.arrival_date_time)}`
          : undefined
      }
    >
      {trip.isPending ? (
        <Loading label="Loading the trip..." />
      ) : trip.isError ? (
        <LoadError title="Failed to load the trip" error={trip.error} onRetry={() => trip.refetch()} />
      ) : (
        <div className="space-y-5">
          <div className="space-y-2">
            <TripMeter trip={trip.data} label="Booked share of the trip" />
            <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <TripStatusBadge status={trip.data.status} />
              {spaceText(trip.data)} units booked · {formatSpace(trip.data.free_capacity)} free
            </p>
          </div>
          <DataTable
            caption="Orders booked on this trip"
            rows={trip.data.orders}
            rowKey={(o) => o.order_id}
            empty={
              <p className="px-4 py-6 text-center text-sm text-slate-600">
                No orders booked on this trip yet.
              </p>
            }
            columns={[
              { header: 'Order', cell: (o) => `#${o.order_id}` },
              { header: 'Customer', cell: (o) => o.customer_name },
              {
                header: 'Requested',
                cell: (o) => formatDate(o.schedule_date),
                className: 'whitespace-nowrap',
              },
              { header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
              { header: 'Space', cell: (o) => formatSpace(o.allocated_space), align: 'right' },
            ]}
          />
          {trip.data.journey === 'Upcoming' && (
            <CapacityForm
              tripId={trip.data.train_trip_id}
              total={trip.data.total_capacity}
              booked={trip.data.used_capacity}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
