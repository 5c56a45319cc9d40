import { type FormEvent, useEffect, useState } from 'react';
import type { Role, User } from '#shared/contract/users';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { useCreateUser, useEmployees, useUpdateUser } from '../api/users-api';

/** The add-user form's default role (docs/product/portals.md#forms-and-messages). */
export const DEFAULT_ROLE = 'Assistant';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roles: readonly Role[];
  /** Editing this user; none: adding one. */
  user?: User | null;
  onDone: (message: string) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Add user (username, email, role, password required) or edit one (email, role, link, password
 * reset). Staff accounts are offered staff roles only: a customer role belongs to a customer's
 * own login (customers sign up themselves; the server refuses it for staff, docs/decisions/0067).
 */
export function UserDialog({ open, onOpenChange, roles, user, onDone }: Props) {
  const editing = !!user;
  const employees = useEmployees();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [form, setForm] = useState({ name: '', email: '', role: '', password: '', employee: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const customerAccount = !!user?.customer_id;
  const offered = roles.filter(
    (r) => (r.portal === 'customer') === customerAccount || r.role_name === user?.role,
  );
  const defaultRole = (
    offered.find((r) => r.role_name.toLowerCase() === DEFAULT_ROLE.toLowerCase()) ??
    offered.find((r) => r.role_name.toLowerCase().includes(DEFAULT_ROLE.toLowerCase()))
  )?.role_name;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens or the user changes
  useEffect(() => {
    if (!open) return;
    setErrors({});
    create.reset();
    update.reset();
    setForm({
      name: user?.user_name ?? '',
      email: user?.email ?? '',
      role: user?.role ?? defaultRole ?? offered[0]?.role_name ?? '',
      password: '',
      employee: user?.employee_id ? String(user.employee_id) : '',
    });
  }, [open, user]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!editing && form.name.trim().length < 3)
      problems.name = 'Username is required (at least 3 characters)';
    if (!EMAIL.test(form.email.trim())) problems.email = 'A valid email is required';
    if (!form.role) problems.role = 'Role is required';
    if (!editing && form.password.length < 8)
      problems.password = 'Password is required (at least 8 characters)';
    if (editing && form.password && form.password.length < 8) problems.password = 'At least 8 characters';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const employee_id = form.employee ? Number(form.employee) : null;
    if (editing && user) {
      update.mutate(
        {
          id: user.user_id,
          body: {
            email: form.email.trim(),
            role: form.role,
            employee_id,
            ...(form.password ? { password: form.password } : {}),
          },
        },
        {
          onSuccess: () =>
            onDone(
              form.password ? 'User updated and password reset successfully!' : 'User updated successfully!',
            ),
        },
      );
    } else {
      create.mutate(
        {
          username: form.name.trim(),
          email: form.email.trim(),
          role: form.role,
          password: form.password,
          employee_id,
        },
        { onSuccess: () => onDone('User created successfully!') },
      );
    }
  };

  const failed = editing ? update.error : create.error;
  const pending = create.isPending || update.isPending;
  const staff = (employees.data ?? []).filter((e) => !e.user_id || e.employee_id === user?.employee_id);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${user?.user_name}` : 'Add user'}
      description={
        editing
          ? 'Change the email, role or staff link, or set a new password.'
          : 'Staff accounts are created here; customers sign up themselves.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" loading={pending}>
            {editing ? 'Save changes' : 'Add user'}
          </Button>
        </>
      }
    >
      <form id="user-form" onSubmit={submit} noValidate className="space-y-4">
        {failed && (
          <Alert variant="error" title={`Failed to ${editing ? 'update' : 'create'} user. Please try again.`}>
            {failed.message}
          </Alert>
        )}
        <Input
          label="Username"
          hint={editing ? 'The sign-in name (it cannot change)' : 'Used to sign in'}
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          required={!editing}
          disabled={editing}
          autoComplete="off"
        />
        <Input
          label="Email"
          type="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        <Select
          label="Role"
          value={form.role}
          onChange={set('role')}
          error={errors.role}
          required
          hint={customerAccount ? undefined : 'Staff roles only'}
          placeholder={offered.length ? undefined : 'No roles found'}
          options={offered.map((r) => ({ value: r.role_name, label: r.role_name }))}
        />
        <Select
          label="Staff record"
          optional
          hint="Link a driver or assistant so they see their own deliveries"
          value={form.employee}
          onChange={set('employee')}
          placeholder="Not linked"
          options={staff.map((e) => ({
            value: String(e.employee_id),
            label: `${e.firstName} ${e.lastName} (${e.type}${e.store_city ? `, ${e.store_city}` : ''})`,
          }))}
        />
        <Input
          label={editing ? 'New password' : 'Password'}
          type="password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          required={!editing}
          optional={editing}
          hint={editing ? 'Leave empty to keep the current password' : 'At least 8 characters'}
          autoComplete="new-password"
        />
      </form>
    </Dialog>
  );
}
