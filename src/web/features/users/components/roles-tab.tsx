import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Role } from '#shared/contract/users';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { useDeleteRole } from '../api/users-api';
import { RoleDialog } from './role-dialog';

/** The Roles tab: every role with its access rights and users; add, edit, delete with confirmation. */
export function RolesTab({
  roles,
  notify,
  openRoleId = null,
  onClosed,
}: {
  roles: readonly Role[];
  notify: (variant: 'success' | 'error', text: string) => void;
  /** A role whose dialog is open from the start (`/admin/users?role=`). */
  openRoleId?: number | null;
  /** Its dialog was closed. */
  onClosed?: () => void;
}) {
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | null | undefined>(() =>
    openRoleId === null ? undefined : roles.find((r) => r.role_id === openRoleId),
  );
  const close = () => {
    setEditing(undefined);
    if (openRoleId !== null) onClosed?.();
  };
  const [deleting, setDeleting] = useState<Role | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="size-4" /> Add role
        </Button>
      </div>
      {roles.length === 0 ? (
        <EmptyState title="No roles found" description="Add a role before adding users." />
      ) : (
        <DataTable
          caption="Roles"
          className="overflow-x-auto rounded-lg border border-slate-200"
          rows={roles}
          rowKey={(r) => r.role_id}
          columns={[
            {
              header: 'Role',
              cell: (r) => <span className="font-medium text-slate-900">{r.role_name}</span>,
            },
            {
              header: 'Portal',
              cell: (r) =>
                r.portal ? <Badge tone="brand">{r.portal}</Badge> : <Badge tone="warning">none</Badge>,
            },
            {
              header: 'Access rights',
              cell: (r) => <span className="text-slate-700">{r.accessRights}</span>,
            },
            { header: 'Users', cell: (r) => r.user_count, align: 'right' },
            {
              header: <span className="sr-only">Actions</span>,
              align: 'right',
              cell: (r) => (
                <div className="flex justify-end gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(r)}
                    aria-label={`Edit role ${r.role_name}`}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDeleting(r)}
                    aria-label={`Delete role ${r.role_name}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      <RoleDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && close()}
        role={editing}
        onDone={(message) => {
          close();
          notify('success', message);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete role ${deleting?.role_name}?`}
        description={
          deleting?.user_count
            ? `${deleting.user_count} user(s) hold this role: give them another role first.`
            : 'No user holds this role. Deleted users who held it keep its name in their history; the name becomes free for a new role.'
        }
        confirmLabel="Delete role"
        destructive
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.role_name;
          remove.mutate(deleting.role_id, {
            onSuccess: () => notify('success', `Role ${name} deleted successfully!`),
            onError: (err) => notify('error', `Failed to delete role. Please try again. ${err.message}`),
          });
          setDeleting(null);
        }}
      />
    </div>
  );
}
