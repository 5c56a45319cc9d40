import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { dateTimeLocalToIso } from '#web/lib/format';
import { useCreateTrainTrip } from '../api/save-train-trip';

interface Form {
  arrival_city: string;
  train_name: string;
  departure: string;
  arrival: string;
  capacity: string;
}
const EMPTY: Form = { arrival_city: '', train_name: '', departure: '', arrival: '', capacity: '' };

/** The checks the server makes too, so most mistakes show before sending. */
export function tripFormErrors(form: Form, now = new Date()): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  if (!form.arrival_city) errors.arrival_city = 'Choose the city the train goes to';
  const departure = dateTimeLocalToIso(form.departure);
  const arrival = dateTimeLocalToIso(form.arrival);
  if (!departure) errors.departure = 'Enter the departure date and time';
  else if (new Date(departure) <= now) errors.departure = 'The trip must depart in the future';
  if (!arrival) errors.arrival = 'Enter the arrival date and time';
  else if (departure && arrival <= departure) errors.arrival = 'The train must arrive after it departs';
  const capacity = Number(form.capacity);
  if (form.capacity.trim() === '' || !Number.isFinite(capacity) || capacity <= 0)
    errors.capacity = 'Enter a capacity above 0';
  return errors;
}

/** Add a trip from Kandy to one of the store cities. */
export function CreateTripDialog({
  open,
  onOpenChange,
  cities,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cities: readonly string[];
  onCreated: (tripId: number) => void;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateTrainTrip();
  const errors = submitted ? tripFormErrors(form) : {};
  const set = (key: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    create.reset();
  };
  function close(next: boolean) {
    if (!next) {
      setForm(EMPTY);
      setSubmitted(false);
      create.reset();
    }
    onOpenChange(next);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(tripFormErrors(form)).length > 0) return;
    create.mutate(
      {
        arrival_city: form.arrival_city,
        train_name: form.train_name.trim() || undefined,
        departure_date_time: dateTimeLocalToIso(form.departure)!,
        arrival_date_time: dateTimeLocalToIso(form.arrival)!,
        total_capacity: Number(form.capacity),
      },
      {
        onSuccess: (trip) => {
          close(false);
          onCreated(trip.train_trip_id);
        },
      },
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add a train trip"
      description="Every trip departs from the central warehouse in Kandy."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="create-trip" loading={create.isPending}>
            Add trip
          </Button>
        </>
      }
    >
      <form id="create-trip" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Arrival city"
          required
          placeholder="Select a city"
          options={cities.map((c) => ({ value: c, label: c }))}
          value={form.arrival_city}
          onChange={set('arrival_city')}
          error={errors.arrival_city}
        />
        <Input
          label="Train name"
          optional
          value={form.train_name}
          onChange={set('train_name')}
          maxLength={100}
        />
        <Input
          label="Departs"
          hint="Colombo time"
          type="datetime-local"
          required
          value={form.departure}
          onChange={set('departure')}
          error={errors.departure}
        />
        <Input
          label="Arrives"
          hint="Colombo time"
          type="datetime-local"
          required
          value={form.arrival}
          onChange={set('arrival')}
          error={errors.arrival}
        />
        <Input
          label="Total capacity (units of space)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          required
          value={form.capacity}
          onChange={set('capacity')}
          error={errors.capacity}
        />
        {create.isError && (
          <Alert variant="error" title="The trip was not added" className="sm:col-span-2">
            {create.error.message}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
