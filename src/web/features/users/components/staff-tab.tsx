import { Pencil, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { Employee } from '#shared/contract/employees';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useEmployees } from '../api/users-api';
import { StaffDialog } from './staff-dialog';

/** The Staff tab: staff records (who can be rostered), hiring and editing them. */
export function StaffTab({
  notify,
  openEmployeeId = null,
  onClosed,
}: {
  notify: (variant: 'success' | 'error', text: string) => void;
  /** A staff record whose dialog opens once the records are loaded (`/admin/users?employee=`). */
  openEmployeeId?: number | null;
  /** Its dialog was closed. */
  onClosed?: () => void;
}) {
  const employees = useEmployees();
  const [editing, setEditing] = useState<Employee | null | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  if (!opened && openEmployeeId !== null && employees.data) {
    setOpened(true);
    setEditing(employees.data.find((e) => e.employee_id === openEmployeeId));
  }
  const close = () => {
    setEditing(undefined);
    if (openEmployeeId !== null) onClosed?.();
  };
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing(null)}>
          <UserPlus aria-hidden="true" className="size-4" /> Hire staff
        </Button>
      </div>
      {employees.isError && <QueryLoadError query={employees} title="Failed to load staff" />}
      {employees.isPending ? (
        <Loading label="Loading staff..." />
      ) : employees.data === undefined ? null : employees.data.length === 0 ? (
        <EmptyState title="No staff records yet" description="Hire a driver or assistant to roster them." />
      ) : (
        <DataTable
          caption="Staff"
          className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200"
          rows={employees.data}
          rowKey={(e) => e.employee_id}
          columns={[
            {
              header: 'Name',
              cell: (e) => (
                <span className="font-medium text-slate-900">{`${e.firstName} ${e.lastName}`}</span>
              ),
            },
            { header: 'Type', cell: (e) => <Badge>{e.type}</Badge> },
            { header: 'Store', cell: (e) => e.store_city ?? '—' },
            {
              header: 'Weekly limit',
              cell: (e) => (e.weekly_hour_limit ? `${e.weekly_hour_limit} h` : 'Default'),
              align: 'right',
            },
            { header: 'Login', cell: (e) => e.user_name ?? <span className="text-slate-500">none</span> },
            {
              header: <span className="sr-only">Actions</span>,
              align: 'right',
              cell: (e) => (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditing(e)}
                  aria-label={`Edit ${e.firstName} ${e.lastName}`}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
              ),
            },
          ]}
        />
      )}
      <StaffDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && close()}
        employee={editing}
        onDone={(message) => {
          close();
          notify('success', message);
        }}
      />
    </div>
  );
}
