import { useState } from 'react';
import { useSession } from '#web/app/session';
import { Alert } from '#web/components/ui/alert';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useRoles } from '#web/features/users/api/users-api';
import { RolesTab } from '#web/features/users/components/roles-tab';
import { StaffTab } from '#web/features/users/components/staff-tab';
import { UsersTab } from '#web/features/users/components/users-tab';

/** /admin/users: the Users and Roles tabs, and the staff records logins are linked to. */
export function UsersPage() {
  const { user } = useSession();
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
      <Tabs defaultValue="users">
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
              <UsersTab roles={roles.data} currentUserId={user?.user_id} notify={notify} />
            </TabsContent>
            <TabsContent value="roles">
              <RolesTab roles={roles.data} notify={notify} />
            </TabsContent>
            <TabsContent value="staff">
              <StaffTab notify={notify} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}
