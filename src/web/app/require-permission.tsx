import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { can, type Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { PageHeader } from '#web/components/ui/page-header';
import { useT } from '#web/i18n/provider';
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
  const t = useT();
  if (can(portal, permission)) return <>{children}</>;
  const meta = PORTAL_META[portal];
  return (
    <>
      <PageHeader title={t('layout.notAvailable')} />
      <Card>
        <EmptyState
          icon={Lock}
          title={t('layout.roleCannotOpen')}
          description={t('layout.roleCannotOpenLead')}
          action={
            <Link to={meta.home} className={buttonClasses('secondary')}>
              {t('layout.backTo', { portal: t(meta.title) })}
            </Link>
          }
        />
      </Card>
    </>
  );
}
