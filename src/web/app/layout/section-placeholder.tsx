import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import type { Portal } from '#shared/roles';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { PageHeader } from '#web/components/ui/page-header';
import { PORTAL_META } from '../nav';

/** An honest stand-in for a section whose screen is not built yet. */
export function SectionPlaceholder({ portal, path }: { portal: Portal; path: string }) {
  const meta = PORTAL_META[portal];
  const item = meta.nav.find((entry) => entry.to === path);
  return (
    <>
      <PageHeader title={item?.label ?? meta.title} description={item?.description} />
      <Card>
        <EmptyState
          icon={Construction}
          title="This section is being built"
          description="It will be available in an upcoming release of KandyPack Portal."
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
