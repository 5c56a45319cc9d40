import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { can, type Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { PageHeader } from '#web/components/ui/page-header';
import { PORTAL_META } from './nav';

/**
 * A page of a portal that the permission table may deny it (the report families of
 * docs/decisions/0061): the page when the table lets the portal read it, else a plain refusal
 * (the server answers 403 to its calls anyway, and the menu does not offer it).
 */
export function RequirePermission({
  portal,
  permission,
  children,
}: {
  portal: Portal;
  permission: Permission;
  children: ReactNode;
}) {
  if (can(portal, permission)) return <>{children}</>;
  const meta = PORTAL_META[portal];
  return (
    <>
      <PageHeader title="Not available" />
      <Card>
        <EmptyState
          icon={Lock}
          title="Your role cannot open this page"
          description="These reports belong to another role. Ask an admin if you need them."
          action={
            <Link to={meta.home} className={buttonClasses('secondary')}>
              Back to {meta.title}
            </Link>
          }
        />
      </Card>
    </>
  );
}
