import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import type { Portal } from '#shared/roles';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { PageHeader } from '#web/components/ui/page-header';
import { useT } from '#web/i18n/provider';
import { PORTAL_META } from '../nav';

/** An honest stand-in for a section whose screen is not built yet. */
export function SectionPlaceholder({ portal, path }: { portal: Portal; path: string }) {
  const meta = PORTAL_META[portal];
  const t = useT();
  const item = meta.nav.find((entry) => entry.to === path);
  return (
    <>
      <PageHeader title={t(item?.label ?? meta.title)} description={item && t(item.description)} />
      <Card>
        <EmptyState
          icon={Construction}
          title={t('layout.beingBuilt')}
          description={t('layout.beingBuiltLead')}
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
