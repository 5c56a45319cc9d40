import { type FormEvent, useEffect, useState } from 'react';
import { EMPLOYEE_TYPES, type Employee } from '#shared/contract/employees';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { useCreateEmployee, useStoreOptions, useUpdateEmployee } from '../api/employees-api';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  employee?: Employee | null;
  onDone: (message: string) => void;
}

/** Hire (a staff record: name, type, store, weekly hour limit) or edit one. */
export function StaffDialog({ open, onOpenChange, employee, onDone }: Props) {
  const editing = !!employee;
  const stores = useStoreOptions();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const [form, setForm] = useState({ first: '', last: '', type: 'Driver', store: '', limit: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens or the record changes
  useEffect(() => {
    if (!open) return;
    setErrors({});
    create.reset();
    update.reset();
    setForm({
      first: employee?.firstName ?? '',
      last: employee?.lastName ?? '',
      type: employee?.type ?? 'Driver',
      store: employee?.store_id ? String(employee.store_id) : '',
      limit: employee?.weekly_hour_limit ? String(employee.weekly_hour_limit) : '',
      phone: employee?.contact_number ?? '',
    });
  }, [open, employee]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const limit = form.limit.trim() ? Number(form.limit) : null;
    const problems: Record<string, string> = {};
    if (!form.first.trim()) problems.first = 'First name is required';
    if (!form.last.trim()) problems.last = 'Last name is required';
    // the column keeps one decimal (the server refuses more: src/shared/contract/employees.ts)
    if (limit !== null && !(limit > 0 && limit <= 168 && /^\d+(\.\d)?$/.test(form.limit.trim())))
      problems.limit = 'Between 1 and 168 hours, at most one decimal';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = {
      firstName: form.first.trim(),
      lastName: form.last.trim(),
      type: form.type as Employee['type'],
      store_id: form.store ? Number(form.store) : null,
      weekly_hour_limit: limit,
      contact_number: form.phone.trim() || null,
    };
    if (editing && employee) {
      update.mutate(
        { id: employee.employee_id, body },
        { onSuccess: () => onDone('Staff record updated successfully!') },
      );
    } else {
      create.mutate(body, {
        onSuccess: (e) =>
          onDone(
            `${e.firstName} ${e.lastName} hired successfully! Add a user linked to them to give a login.`,
          ),
      });
    }
  };
  const failed = editing ? update.error : create.error;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${employee?.firstName} ${employee?.lastName}` : 'Hire staff'}
      description="Drivers and assistants are rostered from these records; the weekly limit defaults to 40 h for drivers and 60 h for assistants."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="staff-form" loading={create.isPending || update.isPending}>
            {editing ? 'Save changes' : 'Hire'}
          </Button>
        </>
      }
    >
      <form id="staff-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {failed && (
          <Alert
            variant="error"
            className="sm:col-span-2"
            title={`Failed to ${editing ? 'update' : 'create'} the staff record. Please try again.`}
          >
            {failed.message}
          </Alert>
        )}
        <Input label="First name" value={form.first} onChange={set('first')} error={errors.first} required />
        <Input label="Last name" value={form.last} onChange={set('last')} error={errors.last} required />
        <Select
          label="Type"
          value={form.type}
          onChange={set('type')}
          required
          options={EMPLOYEE_TYPES.map((t) => ({ value: t, label: t }))}
        />
        <Select
          label="Store"
          optional
          value={form.store}
          onChange={set('store')}
          placeholder="No store"
          options={(stores.data ?? []).map((s) => ({ value: String(s.store_id), label: s.city }))}
        />
        <Input
          label="Weekly hour limit"
          optional
          inputMode="decimal"
          value={form.limit}
          onChange={set('limit')}
          error={errors.limit}
          placeholder="Default for the type"
        />
        <Input label="Contact number" optional value={form.phone} onChange={set('phone')} />
      </form>
    </Dialog>
  );
}
