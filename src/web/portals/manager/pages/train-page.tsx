import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { PaginationBar } from '#web/components/ui/pagination-bar';
import { Select } from '#web/components/ui/select';
import { Loading } from '#web/components/ui/spinner';
import { useRoutes } from '#web/features/deliveries/api/get-fleet';
import { useTrainTrips } from '#web/features/train-trips/api/get-train-trips';
import { CreateTripDialog } from '#web/features/train-trips/components/create-trip-dialog';
import { TripBoard } from '#web/features/train-trips/components/trip-board';
import { TripDetailDialog } from '#web/features/train-trips/components/trip-detail-dialog';
import { todayIso } from '#web/lib/format';
import { parsePage } from '#web/lib/pagination';
import { storeCities } from '../store-cities';
import { useUrlFilters } from '../use-url-filters';

const PAGE_SIZE = 20;

/** /manager/train: the real train board with capacity bars, trip creation and the orders per trip. */
export function TrainPage() {
  const { params, update } = useUrlFilters();
  const city = params.get('city') ?? '';
  const from = params.get('from') ?? todayIso();
  const to = params.get('to') ?? '';
  const page = parsePage(params.get('page'));
  const linked = Number(params.get('trip'));
  const [openTrip, setOpenTrip] = useState<number | null>(
    Number.isInteger(linked) && linked > 0 ? linked : null,
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<number | null>(null);
  const routes = useRoutes();
  const cities = storeCities(routes.data);
  const trips = useTrainTrips({
    arrival_city: city || undefined,
    from,
    to: to || undefined,
    page: String(page),
    page_size: String(PAGE_SIZE),
  });

  return (
    <div>
      <PageHeader
        title="Train Scheduling"
        description="Rail trips from Kandy to the store cities, with the space booked on each."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add trip
          </Button>
        }
      />
      {created !== null && (
        <Alert variant="success" className="mb-4" onDismiss={() => setCreated(null)}>
          Trip {created} added.{' '}
          <button type="button" className="font-medium underline" onClick={() => setOpenTrip(created)}>
            Open it
          </button>
        </Alert>
      )}
      <Card className="mb-4 flex flex-wrap items-end gap-3 p-4">
        <Select
          label="Arrival city"
          value={city}
          onChange={(e) => update({ city: e.target.value || null })}
          options={[{ value: '', label: 'All cities' }, ...cities.map((c) => ({ value: c, label: c }))]}
          containerClassName="w-48"
        />
        <Input
          label="Departing from"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => update({ from: e.target.value || null })}
          containerClassName="w-44"
        />
        <Input
          label="Departing until"
          type="date"
          value={to}
          min={from}
          onChange={(e) => update({ to: e.target.value || null })}
          containerClassName="w-44"
        />
      </Card>
      <Card className="overflow-hidden">
        {trips.isError && (
          <div className="p-4">
            <QueryLoadError query={trips} title="Failed to load train trips" />
          </div>
        )}
        {trips.isPending ? (
          <Loading label="Loading train trips..." />
        ) : trips.data === undefined ? null : (
          <>
            <TripBoard trips={trips.data.rows} onOpen={setOpenTrip} />
            <div className="border-t border-slate-100 px-4 py-3">
              <PaginationBar
                page={page}
                pageSize={PAGE_SIZE}
                total={trips.data.total}
                onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
              />
            </div>
          </>
        )}
      </Card>
      <TripDetailDialog
        tripId={openTrip}
        onClose={() => {
          setOpenTrip(null);
          if (params.get('trip')) update({ trip: null, page: params.get('page') });
        }}
      />
      <CreateTripDialog open={creating} onOpenChange={setCreating} cities={cities} onCreated={setCreated} />
    </div>
  );
}
