import { type FormEvent, useEffect, useState } from 'react';
import type { Role } from '#shared/contract/users';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Textarea } from '#web/components/ui/textarea';
import { useCreateRole, useUpdateRole } from '../api/users-api';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role?: Role | null;
  onDone: (message: string) => void;
}

/** Add a role (name and access rights required) or edit one's name and access rights. */
export function RoleDialog({ open, onOpenChange, role, onDone }: Props) {
  const editing = !!role;
  const create = useCreateRole();
  const update = useUpdateRole();
  const [name, setName] = useState('');
  const [rights, setRights] = useState('');
  const [errors, setErrors] = useState<{ name?: string; rights?: string }>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens or the role changes
  useEffect(() => {
    if (!open) return;
    setName(role?.role_name ?? '');
    setRights(role?.accessRights ?? '');
    setErrors({});
    create.reset();
    update.reset();
  }, [open, role]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = {
      name: name.trim() ? undefined : 'Role name is required',
      rights: rights.trim() ? undefined : 'Access rights are required',
    };
    setErrors(problems);
    if (problems.name || problems.rights) return;
    if (editing && role) {
      update.mutate(
        { id: role.role_id, body: { role_name: name.trim(), accessRights: rights.trim() } },
        { onSuccess: () => onDone('Role updated successfully!') },
      );
    } else {
      create.mutate(
        { role_name: name.trim(), accessRights: rights.trim() },
        { onSuccess: () => onDone('Role created successfully!') },
      );
    }
  };
  const failed = editing ? update.error : create.error;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit role ${role?.role_name}` : 'Add role'}
      description="The role's name decides its portal: a name containing admin, manager, warehouse, driver or assistant, or customer."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="role-form" loading={create.isPending || update.isPending}>
            {editing ? 'Save changes' : 'Add role'}
          </Button>
        </>
      }
    >
      <form id="role-form" onSubmit={submit} noValidate className="space-y-4">
        {failed && (
          <Alert variant="error" title={`Failed to ${editing ? 'update' : 'create'} role. Please try again.`}>
            {failed.message}
          </Alert>
        )}
        <Input
          label="Role name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <Textarea
          label="Access rights"
          value={rights}
          onChange={(e) => setRights(e.target.value)}
          error={errors.rights}
          required
          rows={3}
          hint="What this role may do, e.g. Train and truck scheduling, order approval, reports"
        />
      </form>
    </Dialog>
  );
}
