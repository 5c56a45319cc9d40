import { type FormEvent, useState } from 'react';
import type { Delivery } from '#shared/contract/deliveries';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { dateTimeLocalToIso, formatDateTime } from '#web/lib/format';
import { useCrewOptions } from '../api/get-crew-options';
import { useRoutes, useTrucks } from '../api/get-fleet';
import { useScheduleDelivery } from '../api/save-delivery';
import { truckRefusal } from '../lib/truck-choice';
import { CrewPicker } from './crew-picker';

interface Form {
  route: string;
  truck: string;
  start: string;
  driver: number | null;
  assistant: number | null;
}
const EMPTY: Form = { route: '', truck: '', start: '', driver: null, assistant: null };

/**
 * Truck, route and date-time required (and a known user); the crew optional
 * (docs/product/portals.md#forms-and-messages).
 */
export function ScheduleDeliveryForm({
  userId,
  onLoad,
}: {
  userId: number | null;
  /** Opens the loading of a delivery just scheduled. */
  onLoad: (delivery: Delivery) => void;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<Delivery | null>(null);
  const trucks = useTrucks();
  const routes = useRoutes();
  const schedule = useScheduleDelivery();
  const route = routes.data?.find((r) => String(r.route_id) === form.route);
  const startIso = dateTimeLocalToIso(form.start);
  const crew = useCrewOptions(
    route && startIso ? { route_id: form.route, delivery_date_time: startIso } : null,
  );

  // a truck chosen before it went Under Repair (a manager set it meanwhile) is refused at once
  const chosen = trucks.data?.find((t) => String(t.truck_id) === form.truck);
  const chosenRefusal = chosen ? truckRefusal(chosen, route?.store_id ?? null) : null;
  const errors: Partial<Record<keyof Form | 'user', string>> = {};
  if (!form.route) errors.route = 'Choose a route';
  if (!form.truck) errors.truck = 'Choose a truck';
  else if (chosen && chosenRefusal)
    errors.truck = `${chosen.plate_number} is ${chosenRefusal}: choose another truck.`;
  if (!startIso) errors.start = 'Enter the date and time the truck leaves';
  else if (new Date(startIso) <= new Date()) errors.start = 'The delivery must start in the future';
  if (userId === null) errors.user = 'Your session has no user; sign in again';
  const shown = submitted ? errors : chosenRefusal ? { truck: errors.truck } : {};

  function change(patch: Partial<Form>) {
    setForm((f) => {
      const next = { ...f, ...patch };
      // a new route or time changes who is free: pick the crew again
      if ('route' in patch || 'start' in patch) Object.assign(next, { driver: null, assistant: null });
      if ('route' in patch) next.truck = '';
      return next;
    });
    schedule.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setDone(null);
    if (Object.keys(errors).length > 0 || userId === null || !startIso) return;
    schedule.mutate(
      {
        truck_id: Number(form.truck),
        route_id: Number(form.route),
        user_id: userId,
        delivery_date_time: startIso,
        driver_employee_id: form.driver,
        assistant_employee_id: form.assistant,
      },
      {
        onSuccess: (delivery) => {
          setDone(delivery);
          setForm(EMPTY);
          setSubmitted(false);
        },
      },
    );
  }

  const truckOptions = (trucks.data ?? []).map((t) => {
    const why = truckRefusal(t, route?.store_id ?? null);
    return {
      value: String(t.truck_id),
      label: `${t.plate_number} · ${t.store_city} · ${t.capacity} units${why ? ` — ${why}` : t.status === 'In Service' ? ' — In Service' : ''}`,
      disabled: !!why,
    };
  });
  // trucks of the route's store that cannot be chosen, with the reason, under the picker
  const offTheRoad = (trucks.data ?? []).filter(
    (t) => t.status === 'Under Repair' && (!route || t.store_id === route.store_id),
  );
  const waiting = !route
    ? 'Choose a route and a time first.'
    : !startIso
      ? 'Choose the time first.'
      : undefined;

  return (
    <Card>
      <CardHeader
        title="Schedule a delivery"
        description="A truck on a route; it takes the route's maximum time."
      />
      <form onSubmit={submit} noValidate className="space-y-4 px-5 py-4">
        {(trucks.isError || routes.isError) && (
          <Alert variant="error" title="Failed to load trucks and routes">
            {(trucks.error ?? routes.error)?.message}
          </Alert>
        )}
        <div className="grid gap-4 md:grid-cols-3">
          <Select
            label="Route"
            required
            placeholder={routes.isPending ? 'Loading routes...' : 'Select a route'}
            options={(routes.data ?? []).map((r) => ({
              value: String(r.route_id),
              label: `${r.name} · ${r.store_city} · ${r.max_delivery_hours} h`,
            }))}
            value={form.route}
            onChange={(e) => change({ route: e.target.value })}
            error={shown.route}
            hint={route ? `Covers ${route.covered_towns.join(', ')}` : undefined}
          />
          <Select
            label="Truck"
            required
            placeholder={trucks.isPending ? 'Loading trucks...' : 'Select a truck'}
            options={truckOptions}
            value={form.truck}
            onChange={(e) => change({ truck: e.target.value })}
            error={shown.truck}
            hint={
              offTheRoad.length > 0
                ? `Not choosable: ${offTheRoad.map((t) => `${t.plate_number} is Under Repair (${t.status_note ?? 'no note'})`).join('; ')}.`
                : chosen?.status_note
                  ? `${chosen.plate_number}: ${chosen.status_note}`
                  : undefined
            }
          />
          <Input
            label="Leaves at"
            hint="Colombo time"
            type="datetime-local"
            required
            value={form.start}
            onChange={(e) => change({ start: e.target.value })}
            error={shown.start}
          />
        </div>
        {crew.isError && <Alert variant="error">{crew.error.message}</Alert>}
        <div className="grid gap-4 md:grid-cols-2">
          <CrewPicker
            kind="Driver"
            options={crew.data?.drivers}
            value={form.driver}
            onChange={(driver) => setForm((f) => ({ ...f, driver }))}
            waiting={waiting}
            loading={crew.isFetching}
          />
          <CrewPicker
            kind="Assistant"
            options={crew.data?.assistants}
            value={form.assistant}
            onChange={(assistant) => setForm((f) => ({ ...f, assistant }))}
            waiting={waiting}
            loading={crew.isFetching}
          />
        </div>
        {shown.user && <Alert variant="error">{shown.user}</Alert>}
        {schedule.isError && (
          <Alert variant="error" title="The delivery was not scheduled">
            {schedule.error.message}
          </Alert>
        )}
        {done && (
          <Alert variant="success" onDismiss={() => setDone(null)}>
            Delivery {done.delivery_id} scheduled for {formatDateTime(done.delivery_date_time)}.{' '}
            <button type="button" className="font-medium underline" onClick={() => onLoad(done)}>
              Load its orders
            </button>
          </Alert>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={schedule.isPending}>
            Schedule delivery
          </Button>
        </div>
      </form>
    </Card>
  );
}
