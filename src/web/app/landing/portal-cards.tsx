import { ORDER_LEAD_DAYS } from '#shared/constants';
import { PORTALS } from '#shared/roles';
import { useT } from '#web/i18n/provider';
import { PORTAL_SUMMARY } from '../portal-summary';

/** One card per portal, from the same table the sidebars use. */
export function PortalCards() {
  const t = useT();
  return (
    <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
      {PORTALS.map((portal) => {
        const { title, summary, icon: Icon } = PORTAL_SUMMARY[portal];
        return (
          <li
            key={portal}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">{t(title)}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-slate-600">
              {t(summary, { days: ORDER_LEAD_DAYS })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
