import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ORDER_LEAD_DAYS } from '#shared/constants';
import { BrandLogo } from '#web/components/brand-logo';
import { LanguageSwitch } from '#web/i18n/language-switch';
import { useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';

const POINTS = ['auth.point.rail', 'auth.point.leadTime', 'auth.point.onePortal'] as const;

export interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Split screen for the sign-in pages: brand panel on wide screens, the form card beside it. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const t = useT();
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-indigo-700 via-indigo-800 to-slate-900 p-10 text-white lg:flex">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-80 rounded-full bg-teal-400/20 blur-3xl"
        />
        <Link to={paths.home} className="relative w-fit rounded-lg">
          <BrandLogo inverted />
        </Link>
        <div className="relative">
          <h2 className="text-3xl leading-tight font-semibold">{t('auth.panelHeading')}</h2>
          <ul className="mt-8 space-y-4">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3 text-indigo-100">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-300" />
                <span>{t(point, { days: ORDER_LEAD_DAYS })}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-indigo-200">{t('auth.panelCities')}</p>
      </aside>
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <div className="mb-8 flex flex-wrap items-center justify-between gap-3">
            <Link to={paths.home} className="rounded-lg lg:hidden">
              <BrandLogo />
            </Link>
            <Link
              to={paths.home}
              className="ml-auto inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-indigo-700"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('auth.backHome')}
            </Link>
            <LanguageSwitch />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>
          <div className="mt-8">{children}</div>
          {footer && (
            <div className="mt-8 border-t border-slate-200 pt-6 text-sm text-slate-600">{footer}</div>
          )}
        </div>
      </main>
    </div>
  );
}
