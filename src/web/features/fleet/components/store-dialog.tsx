import { type FormEvent, useEffect, useState } from 'react';
import type { Store } from '#shared/contract/stores';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { useCities } from '../api/get-cities';
import { useSaveStore } from '../api/save-store';

interface Form {
  city: string;
  address: string;
  station: string;
  contact: string;
}
type Errors = Partial<Record<keyof Form, string>>;

/** Add the store of a served city, or edit one (admins): one store per city. */
export function StoreDialog({
  open,
  store,
  onClose,
  onDone,
}: {
  open: boolean;
  store: Store | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const cities = useCities();
  const save = useSaveStore();
  const [form, setForm] = useState<Form>({ city: '', address: '', station: '', contact: '' });
  const [errors, setErrors] = useState<Errors>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!open) return;
    save.reset();
    setErrors({});
    setForm({
      city: store?.city ?? '',
      address: store?.address ?? '',
      station: store?.near_station_name ?? '',
      contact: store?.contact_number ?? '',
    });
  }, [open, store]);
  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  // a city with another store cannot be chosen; the reason is in the option's text
  const cityOptions = (cities.data ?? []).map((c) => {
    const taken = c.store_id !== null && c.store_id !== store?.store_id;
    return { value: c.name, label: taken ? `${c.name} (has its store)` : c.name, disabled: taken };
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    if (!form.city) problems.city = 'Choose the city';
    if (!form.address.trim()) problems.address = 'Enter the address';
    if (!form.station.trim()) problems.station = 'Enter the station it is near';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      {
        id: store?.store_id ?? null,
        body: {
          city: form.city,
          address: form.address.trim(),
          near_station_name: form.station.trim(),
          contact_number: form.contact.trim() || null,
        },
      },
      { onSuccess: (s) => onDone(store ? `The ${s.city} store saved.` : `The ${s.city} store added.`) },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={store ? `Edit the ${store.city} store` : 'Add a store'}
      description="The store near a city's station unloads the trains and loads the trucks; a city has one."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="store-form" loading={save.isPending}>
            {store ? 'Save store' : 'Add store'}
          </Button>
        </>
      }
    >
      <form id="store-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {save.isError && (
          <Alert
            variant="error"
            className="sm:col-span-2"
            title={`The store was not ${store ? 'saved' : 'added'}`}
          >
            {save.error.message}
          </Alert>
        )}
        <Select
          label="City"
          required
          placeholder={cities.isPending ? 'Loading cities...' : 'Select a city'}
          options={cityOptions}
          value={form.city}
          onChange={set('city')}
          error={errors.city ?? (cities.isError ? cities.error.message : undefined)}
          hint={
            cities.data && cityOptions.every((c) => c.disabled)
              ? 'Every city the trains serve has its store already.'
              : undefined
          }
        />
        <Input
          label="Near station"
          required
          value={form.station}
          onChange={set('station')}
          error={errors.station}
        />
        <Input
          label="Address"
          required
          containerClassName="sm:col-span-2"
          value={form.address}
          onChange={set('address')}
          error={errors.address}
        />
        <Input label="Contact number" optional value={form.contact} onChange={set('contact')} />
      </form>
    </Dialog>
  );
}
