import { type FormEvent, useEffect, useState } from 'react';
import type { Truck } from '#shared/contract/deliveries';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { useFleetStores } from '../api/get-stores';
import { useSaveTruck } from '../api/save-truck';
import { StatusFields, type StatusValue, statusNoteError } from './status-fields';

interface Form {
  plate: string;
  capacity: string;
  store: string;
  status: StatusValue;
}

/** Add a truck, or edit one (admins): plate, capacity, home store, status with a note. */
export function TruckDialog({
  open,
  truck,
  onClose,
  onDone,
}: {
  open: boolean;
  /** null: a new truck. */
  truck: Truck | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const stores = useFleetStores();
  const save = useSaveTruck();
  const [form, setForm] = useState<Form>({
    plate: '',
    capacity: '',
    store: '',
    status: { status: 'Available', note: '' },
  });
  const [errors, setErrors] = useState<Partial<Record<'plate' | 'capacity' | 'store' | 'note', string>>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!open) return;
    save.reset();
    setErrors({});
    setForm({
      plate: truck?.plate_number ?? '',
      capacity: truck ? String(truck.capacity) : '',
      store: truck ? String(truck.store_id) : '',
      status: { status: truck?.status ?? 'Available', note: truck?.status_note ?? '' },
    });
  }, [open, truck]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const capacity = Number(form.capacity);
    const problems: typeof errors = {};
    if (form.plate.trim().length < 2) problems.plate = 'Enter the plate number';
    if (!form.capacity.trim() || !(capacity > 0)) problems.capacity = 'Enter a capacity above 0';
    if (!form.store) problems.store = 'Choose its home store';
    const note = statusNoteError(form.status);
    if (note) problems.note = note;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      {
        id: truck?.truck_id ?? null,
        body: {
          plate_number: form.plate,
          capacity,
          store_id: Number(form.store),
          status: form.status.status,
          status_note: form.status.note.trim() || null,
        },
      },
      {
        onSuccess: (t) =>
          onDone(truck ? `${t.plate_number} saved.` : `${t.plate_number} added to the fleet.`),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={truck ? `Edit ${truck.plate_number}` : 'Add a truck'}
      description="Its home store is where its runs start; its capacity is in the same space units as the trains'."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="truck-form" loading={save.isPending}>
            {truck ? 'Save truck' : 'Add truck'}
          </Button>
        </>
      }
    >
      <form id="truck-form" onSubmit={submit} noValidate className="space-y-4">
        {save.isError && (
          <Alert variant="error" title={`The truck was not ${truck ? 'saved' : 'added'}`}>
            {save.error.message}
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <Input
            label="Plate number"
            required
            autoComplete="off"
            value={form.plate}
            onChange={(e) => setForm((f) => ({ ...f, plate: e.target.value }))}
            error={errors.plate}
            placeholder="WP LA-4521"
          />
          <Input
            label="Capacity"
            required
            inputMode="decimal"
            value={form.capacity}
            onChange={(e) => setForm((f) => ({ ...f, capacity: e.target.value }))}
            error={errors.capacity}
            hint="Units of space"
          />
          <Select
            label="Home store"
            required
            placeholder={stores.isPending ? 'Loading stores...' : 'Select a store'}
            options={(stores.data ?? []).map((s) => ({ value: String(s.store_id), label: s.city }))}
            value={form.store}
            onChange={(e) => setForm((f) => ({ ...f, store: e.target.value }))}
            error={errors.store ?? (stores.isError ? stores.error.message : undefined)}
          />
        </div>
        <StatusFields
          name="truck-dialog-status"
          value={form.status}
          onChange={(status) => {
            setForm((f) => ({ ...f, status }));
            if (errors.note) setErrors((e) => ({ ...e, note: statusNoteError(status) }));
          }}
          noteError={errors.note}
        />
      </form>
    </Dialog>
  );
}
