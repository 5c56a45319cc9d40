import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Role, User } from '#shared/contract/users';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { Input } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PaginationBar } from '#web/components/ui/pagination-bar';
import { Loading } from '#web/components/ui/spinner';
import { formatDateTime } from '#web/lib/format';
import { useDeleteUser, useUsers } from '../api/users-api';
import { UserDialog } from './user-dialog';

const PAGE_SIZE = 20;

/** The Users tab: search, page, add, edit (password reset) and delete with confirmation. */
export function UsersTab({
  initialQ = '',
  roles,
  currentUserId,
  notify,
}: {
  /** The filter the tab opens with (`/admin/users?q=`). */
  initialQ?: string;
  roles: readonly Role[];
  currentUserId: number | undefined;
  notify: (variant: 'success' | 'error', text: string) => void;
}) {
  const [q, setQ] = useState(initialQ);
  const [page, setPage] = useState(1);
  const users = useUsers({ q: q.trim() || undefined, page, page_size: PAGE_SIZE });
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<User | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="relative w-full max-w-sm">
          <Input
            label="Search users"
            placeholder="Name, email or role"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
            className="pl-9"
          />
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400"
          />
        </div>
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="size-4" /> Add user
        </Button>
      </div>
      {users.isError && <QueryLoadError query={users} title="Failed to load users" />}
      {users.isPending ? (
        <Loading label="Loading users..." />
      ) : users.data === undefined ? null : users.data.rows.length === 0 ? (
        <EmptyState
          title={q ? 'No users match your search' : 'No users yet'}
          description="Add a user to give someone a login."
        />
      ) : (
        <>
          <DataTable
            caption="Users"
            className="overflow-x-auto rounded-lg border border-slate-200"
            rows={users.data.rows}
            rowKey={(u) => u.user_id}
            columns={[
              {
                header: 'User',
                cell: (u) => (
                  <div>
                    <p className="font-medium text-slate-900">{u.user_name}</p>
                    <p className="text-xs text-slate-500">{u.email}</p>
                  </div>
                ),
              },
              {
                header: 'Role',
                cell: (u) => (
                  <Badge tone={u.role.toLowerCase().includes('admin') ? 'purple' : 'neutral'}>{u.role}</Badge>
                ),
              },
              { header: 'Linked to', cell: (u) => u.linked_name ?? '—' },
              {
                header: 'Last sign-in',
                cell: (u) => formatDateTime(u.last_login_at),
                className: 'whitespace-nowrap',
              },
              {
                header: <span className="sr-only">Actions</span>,
                align: 'right',
                cell: (u) => (
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing(u)}
                      aria-label={`Edit ${u.user_name}`}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setDeleting(u)}
                      disabled={u.user_id === currentUserId}
                      title={u.user_id === currentUserId ? 'You cannot delete your own account' : undefined}
                      aria-label={`Delete ${u.user_name}`}
                    >
                      <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                    </Button>
                  </div>
                ),
              },
            ]}
          />
          <PaginationBar page={page} pageSize={PAGE_SIZE} total={users.data.total} onPageChange={setPage} />
        </>
      )}
      <UserDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        roles={roles}
        user={editing}
        onDone={(message) => {
          setEditing(undefined);
          notify('success', message);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.user_name}?`}
        description="They will no longer be able to sign in. Their orders and the audit log keep their name."
        confirmLabel="Delete user"
        destructive
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.user_name;
          remove.mutate(deleting.user_id, {
            onSuccess: () => notify('success', `User ${name} deleted successfully!`),
            onError: (err) => notify('error', `Failed to delete user. Please try again. ${err.message}`),
          });
          setDeleting(null);
        }}
      />
    </div>
  );
}
