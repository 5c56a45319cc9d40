import { type ReactNode, Suspense, useState } from 'react';
import type { Portal } from '#shared/roles';
import { OfflineBanner } from '#web/components/offline-banner';
import { Loading } from '#web/components/ui/spinner';
import { useLiveEvents } from '#web/features/notifications/api/use-live-events';
import { useT } from '#web/i18n/provider';
import { composeTitle, PortalTitleContext, useDocumentTitle } from '#web/lib/page-title';
import { useSession } from '#web/lib/session';
import { PORTAL_META, portalNav } from '../nav';
import { DesktopSidebar, MobileSidebar } from './sidebar';
import { TopBar } from './top-bar';

/** Sidebar, header and content area shared by every portal; the lazy portal loads inside it. */
export function PortalLayout({ portal, children }: { portal: Portal; children: ReactNode }) {
  const meta = { ...PORTAL_META[portal], nav: portalNav(portal) };
  const t = useT();
  const title = t(meta.title);
  const [menuOpen, setMenuOpen] = useState(false);
  // pushed events refresh the screens at once; the 30 s polling stays as the fallback
  useLiveEvents(useSession().status === 'authenticated');
  // the portal names the tab while its page loads; each page then names itself (usePageTitle)
  useDocumentTitle(composeTitle(title), true);
  return (
    <PortalTitleContext.Provider value={title}>
      <div className="min-h-screen bg-slate-50">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('layout.skipToContent')}
        </a>
        <DesktopSidebar meta={meta} />
        <MobileSidebar meta={meta} open={menuOpen} onOpenChange={setMenuOpen} />
        <div className="lg:pl-64">
          <TopBar portal={portal} onOpenMenu={() => setMenuOpen(true)} />
          <OfflineBanner crew={portal === 'assistant'} />
          <main id="main-content" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <Suspense fallback={<Loading label={t('layout.loadingPortal')} />}>{children}</Suspense>
          </main>
        </div>
      </div>
    </PortalTitleContext.Provider>
  );
}
