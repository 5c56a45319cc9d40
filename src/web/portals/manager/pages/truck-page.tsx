import { X } from 'lucide-react';
import { useState } from 'react';
import type { Delivery } from '#shared/contract/deliveries';
import { Button } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { PaginationBar } from '#web/components/ui/pagination-bar';
import { Loading } from '#web/components/ui/spinner';
import { useDeliveries, useDelivery } from '#web/features/deliveries/api/get-deliveries';
import { useRoutes, useTrucks } from '#web/features/deliveries/api/get-fleet';
import { CrewDialog } from '#web/features/deliveries/components/crew-dialog';
import { DeliveriesList } from '#web/features/deliveries/components/deliveries-list';
import { LoadOrdersDialog } from '#web/features/deliveries/components/load-orders-dialog';
import { ScheduleDeliveryForm } from '#web/features/deliveries/components/schedule-delivery-form';
import { TruckChangeDialog } from '#web/features/deliveries/components/truck-change-dialog';
import { TruckBoard } from '#web/features/fleet/components/truck-board';
import { useEmployees } from '#web/features/users/api/users-api';
import { usePageTitle } from '#web/lib/page-title';
import { parsePage } from '#web/lib/pagination';
import { useSession } from '#web/lib/session';
import { useUrlFilters } from '../use-url-filters';

const PAGE_SIZE = 10;

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * /manager/truck: the scheduling form, the upcoming deliveries (loading, crews, moving a run to
 * another truck) and the trucks with their status, which a manager sets. Search
 * results open it with `?delivery=` (that delivery on its own, whatever its status), `?truck=`,
 * `?route=` or `?employee=` (the upcoming deliveries of that truck, route, or driver or
 * assistant: a crew member's schedule).
 */
export function TruckPage() {
  const { user } = useSession();
  const { params, update } = useUrlFilters();
  const page = parsePage(params.get('page'));
  const truckId = idParam(params.get('truck'));
  const routeId = idParam(params.get('route'));
  const deliveryId = idParam(params.get('delivery'));
  const employeeId = idParam(params.get('employee'));
  usePageTitle(deliveryId !== null ? `Delivery #${deliveryId}` : null);
  const deliveries = useDeliveries({
    page: String(page),
    page_size: String(PAGE_SIZE),
    ...(truckId !== null && { truck_id: String(truckId) }),
    ...(routeId !== null && { route_id: String(routeId) }),
    ...(employeeId !== null && { employee_id: String(employeeId) }),
  });
  const one = useDelivery(deliveryId);
  const trucks = useTrucks();
  const routes = useRoutes();
  const employees = useEmployees();
  const [loading, setLoading] = useState<Delivery | null>(null);
  const [crew, setCrew] = useState<Delivery | null>(null);
  const [truckOf, setTruckOf] = useState<Delivery | null>(null);
  // keep the open dialog's delivery current after a save refreshes the list
  const fresh = (d: Delivery | null) =>
    d
      ? (deliveries.data?.rows.find((x) => x.delivery_id === d.delivery_id) ??
        (one.data?.delivery_id === d.delivery_id ? one.data : d))
      : null;
  const truck = truckId === null ? null : trucks.data?.find((t) => t.truck_id === truckId);
  const route = routeId === null ? null : routes.data?.find((r) => r.route_id === routeId);
  const person = employeeId === null ? null : employees.data?.find((e) => e.employee_id === employeeId);
  const filters = [
    truckId !== null && { key: 'truck', label: `Truck ${truck?.plate_number ?? `#${truckId}`}` },
    routeId !== null && { key: 'route', label: `Route ${route?.name ?? `#${routeId}`}` },
    employeeId !== null && {
      key: 'employee',
      label: person ? `${person.type} ${person.firstName} ${person.lastName}` : `Crew member #${employeeId}`,
    },
  ].filter((f): f is { key: string; label: string } => Boolean(f));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Truck Scheduling"
        description="Put trucks on routes with a crew that keeps the roster rules, and load their orders."
        className="mb-0"
      />
      {deliveryId !== null && (
        <Card
          className="overflow-hidden border-indigo-300 ring-2 ring-indigo-100"
          role="region"
          aria-label={`Delivery ${deliveryId}`}
        >
          <CardHeader
            title={`Delivery #${deliveryId}`}
            description={one.data ? `${one.data.status} · ${one.data.route_name}` : undefined}
            actions={
              <Button size="sm" variant="ghost" onClick={() => update({ delivery: null })}>
                <X aria-hidden="true" className="size-4" /> Close
              </Button>
            }
          />
          {one.isError && (
            <div className="p-4">
              <QueryLoadError query={one} title="Failed to load the delivery" />
            </div>
          )}
          {one.isPending ? (
            <Loading label="Loading the delivery..." />
          ) : one.data === undefined ? null : (
            <DeliveriesList
              deliveries={[one.data]}
              onLoad={setLoading}
              onCrew={setCrew}
              onTruck={setTruckOf}
            />
          )}
        </Card>
      )}
      <ScheduleDeliveryForm userId={user?.user_id ?? null} onLoad={setLoading} />
      <Card className="overflow-hidden">
        <CardHeader
          title={
            filters.length
              ? `Upcoming deliveries: ${filters.map((f) => f.label).join(', ')}`
              : 'Upcoming deliveries'
          }
          description="Scheduled and on the road, earliest first."
          actions={filters.map((f) => (
            <Button key={f.key} size="sm" variant="secondary" onClick={() => update({ [f.key]: null })}>
              <X aria-hidden="true" className="size-4" /> {f.label}
            </Button>
          ))}
        />
        {deliveries.isError && (
          <div className="p-4">
            <QueryLoadError query={deliveries} title="Failed to load deliveries" />
          </div>
        )}
        {deliveries.isPending ? (
          <Loading label="Loading deliveries..." />
        ) : deliveries.data === undefined ? null : (
          <>
            <DeliveriesList
              deliveries={deliveries.data.rows}
              onLoad={setLoading}
              onCrew={setCrew}
              onTruck={setTruckOf}
            />
            {deliveries.data.total > PAGE_SIZE && (
              <div className="border-t border-slate-100 px-4 py-3">
                <PaginationBar
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={deliveries.data.total}
                  onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
                />
              </div>
            )}
          </>
        )}
      </Card>
      <TruckBoard />
      <LoadOrdersDialog delivery={fresh(loading)} onClose={() => setLoading(null)} />
      <CrewDialog delivery={fresh(crew)} onClose={() => setCrew(null)} />
      <TruckChangeDialog delivery={fresh(truckOf)} onClose={() => setTruckOf(null)} />
    </div>
  );
}
