import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useRoles } from '#web/features/users/api/users-api';
import { RolesTab } from '#web/features/users/components/roles-tab';
import { StaffTab } from '#web/features/users/components/staff-tab';
import { UsersTab } from '#web/features/users/components/users-tab';
import { useSession } from '#web/lib/session';

const TABS = ['users', 'roles', 'staff'] as const;
const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * /admin/users: the Users and Roles tabs, and the staff records logins are linked to. The URL
 * opens what a search result names: `?tab=`, `?q=` (the users filtered), `?role=` (that role's
 * dialog), `?employee=` (that staff record's dialog).
 */
export function UsersPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const roleId = idParam(params.get('role'));
  const employeeId = idParam(params.get('employee'));
  const asked = params.get('tab');
  const tab =
    TABS.find((t) => t === asked) ?? (employeeId !== null ? 'staff' : roleId !== null ? 'roles' : 'users');
  const q = params.get('q') ?? '';
  /** A tab change or a closed dialog leaves the URL naming only the tab. */
  const show = (next: string) => setParams(next === 'users' ? {} : { tab: next }, { replace: true });
  const roles = useRoles();
  const [message, setMessage] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);
  const notify = (variant: 'success' | 'error', text: string) => setMessage({ variant, text });
  return (
    <div className="space-y-4">
      <PageHeader title="Users & Roles" description="Who may sign in, and what each role may do." />
      {message && (
        <Alert variant={message.variant} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <Tabs value={tab} onValueChange={show}>
        <TabsList>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="roles">Roles{roles.data ? ` (${roles.data.length})` : ''}</TabsTrigger>
          <TabsTrigger value="staff">Staff</TabsTrigger>
        </TabsList>
        {roles.isPending ? (
          <Loading label="Loading roles..." />
        ) : roles.isError ? (
          <div className="mt-4">
            <LoadError title="Failed to load roles" error={roles.error} onRetry={() => roles.refetch()} />
          </div>
        ) : (
          <>
            <TabsContent value="users">
              <UsersTab
                key={q}
                initialQ={q}
                roles={roles.data}
                currentUserId={user?.user_id}
                notify={notify}
              />
            </TabsContent>
            <TabsContent value="roles">
              <RolesTab
                key={roleId ?? 'all'}
                roles={roles.data}
                notify={notify}
                openRoleId={roleId}
                onClosed={() => show('roles')}
              />
            </TabsContent>
            <TabsContent value="staff">
              <StaffTab
                key={employeeId ?? 'all'}
                notify={notify}
                openEmployeeId={employeeId}
                onClosed={() => show('staff')}
              />
            </TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}
