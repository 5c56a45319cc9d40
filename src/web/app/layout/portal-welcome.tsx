import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ORDER_LEAD_DAYS } from '#shared/constants';
import type { Portal } from '#shared/roles';
import { Badge } from '#web/components/ui/badge';
import { PageHeader } from '#web/components/ui/page-header';
import { useT } from '#web/i18n/provider';
import { roleName } from '#web/i18n/role-name';
import { useSession } from '#web/lib/session';
import { PORTAL_META, portalNav } from '../nav';

/** A portal's home until its dashboard is built: who is signed in and the portal's sections. */
export function PortalWelcome({ portal }: { portal: Portal }) {
  const { user } = useSession();
  const t = useT();
  const meta = PORTAL_META[portal];
  const sections = portalNav(portal).filter((item) => item.to !== meta.home);
  return (
    <>
      <PageHeader
        title={t('layout.welcome', { name: user?.user_name ?? '' })}
        pageTitle={t('nav.dashboard')}
        description={t(meta.summary, { days: ORDER_LEAD_DAYS })}
        actions={user && <Badge tone="brand">{roleName(t, user.role)}</Badge>}
      />
      <section aria-labelledby="sections-heading">
        <h2
          id="sections-heading"
          className="mb-4 text-sm font-semibold tracking-wider text-slate-500 uppercase"
        >
          {t('layout.portalSections', { portal: t(meta.title) })}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {sections.map(({ label, to, icon: Icon, description }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center justify-between font-semibold text-slate-900">
                    {t(label)}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-indigo-600"
                    />
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{t(description)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
