import { type FormEvent, useEffect, useState } from 'react';
import { MAX_ROUTE_HOURS } from '#shared/constants';
import type { Route } from '#shared/contract/deliveries';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { Textarea } from '#web/components/ui/textarea';
import { useFleetStores } from '../api/get-stores';
import { useSaveRoute } from '../api/save-route';

interface Form {
  name: string;
  store: string;
  end: string;
  towns: string;
  hours: string;
}
type Errors = Partial<Record<keyof Form, string>>;

/** "Kalutara, Beruwala" or one per line, as a list. */
export const parseTowns = (text: string) =>
  text
    .split(/[,\n]/)
    .map((t) => t.trim())
    .filter((t) => t !== '');

/** Add a route, or edit one (admins): name, store, end location, towns, maximum hours. */
export function RouteDialog({
  open,
  route,
  onClose,
  onDone,
}: {
  open: boolean;
  route: Route | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const stores = useFleetStores();
  const save = useSaveRoute();
  const [form, setForm] = useState<Form>({ name: '', store: '', end: '', towns: '', hours: '' });
  const [errors, setErrors] = useState<Errors>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!open) return;
    save.reset();
    setErrors({});
    setForm({
      name: route?.name ?? '',
      store: route ? String(route.store_id) : '',
      end: route?.end_location ?? '',
      towns: route?.covered_towns.join(', ') ?? '',
      hours: route ? String(route.max_delivery_hours) : '',
    });
  }, [open, route]);
  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hours = Number(form.hours);
    const towns = parseTowns(form.towns);
    const problems: Errors = {};
    if (!form.name.trim()) problems.name = 'Enter the route name';
    if (!form.store) problems.store = 'Choose the store it starts from';
    if (!form.end.trim()) problems.end = 'Enter the town it ends at';
    if (towns.length === 0) problems.towns = 'Name at least one town';
    if (!form.hours.trim() || !(hours >= 0.5 && hours <= MAX_ROUTE_HOURS) || !Number.isInteger(hours * 2))
      problems.hours = `Between 0.5 and ${MAX_ROUTE_HOURS} hours, in half hours`;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      {
        id: route?.route_id ?? null,
        body: {
          name: form.name.trim(),
          store_id: Number(form.store),
          end_location: form.end.trim(),
          covered_towns: towns,
          max_delivery_hours: hours,
        },
      },
      { onSuccess: (r) => onDone(route ? `Route ${r.name} saved.` : `Route ${r.name} added.`) },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={route ? `Edit ${route.name}` : 'Add a route'}
      description="New orders whose address names one of its towns go on it; its maximum hours are how long a run on it lasts (runs already scheduled keep theirs)."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="route-form" loading={save.isPending}>
            {route ? 'Save route' : 'Add route'}
          </Button>
        </>
      }
    >
      <form id="route-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {save.isError && (
          <Alert
            variant="error"
            className="sm:col-span-2"
            title={`The route was not ${route ? 'saved' : 'added'}`}
          >
            {save.error.message}
          </Alert>
        )}
        <Input label="Name" required value={form.name} onChange={set('name')} error={errors.name} />
        <Select
          label="Store"
          required
          placeholder={stores.isPending ? 'Loading stores...' : 'Select a store'}
          options={(stores.data ?? []).map((s) => ({ value: String(s.store_id), label: s.city }))}
          value={form.store}
          onChange={set('store')}
          error={errors.store ?? (stores.isError ? stores.error.message : undefined)}
        />
        <Input label="Ends at" required value={form.end} onChange={set('end')} error={errors.end} />
        <Input
          label="Maximum delivery hours"
          required
          inputMode="decimal"
          value={form.hours}
          onChange={set('hours')}
          error={errors.hours}
          hint={`0.5 to ${MAX_ROUTE_HOURS}, in half hours`}
        />
        <Textarea
          label="Towns covered"
          required
          rows={3}
          containerClassName="sm:col-span-2"
          value={form.towns}
          onChange={set('towns')}
          error={errors.towns}
          hint="Separated by commas or one per line"
        />
      </form>
    </Dialog>
  );
}
