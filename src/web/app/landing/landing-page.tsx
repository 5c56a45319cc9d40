import { ArrowRight, LogIn, MapPin, TrainFront, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '#web/components/brand-logo';
import { buttonClasses } from '#web/components/ui/button';
import { LandingFigures } from '#web/features/public-figures/components/landing-figures';
import { LanguageSwitch } from '#web/i18n/language-switch';
import { type Translate, useT } from '#web/i18n/provider';
import { usePageTitle } from '#web/lib/page-title';
import { paths } from '#web/lib/paths';
import { PortalCards } from './portal-cards';

const CITIES = [
  'city.colombo',
  'city.negombo',
  'city.galle',
  'city.matara',
  'city.jaffna',
  'city.trincomalee',
] as const;

export function LandingPage() {
  const t = useT();
  usePageTitle(t('landing.title'));
  return (
    <div className="min-h-screen bg-white">
      <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <Link to={paths.home} className="rounded-lg">
            <BrandLogo />
            <span className="sr-only">{t('landing.homeLink')}</span>
          </Link>
          <nav aria-label={t('landing.signInNav')} className="flex items-center gap-2">
            <LanguageSwitch />
            {/* on a phone the hero's two buttons, just below, are these links: with them the bar
                was wider than a 390 px screen (by 2 px in English, 103 in Tamil) */}
            <span className="hidden sm:flex sm:items-center sm:gap-2">
              <Link to={paths.login} className={buttonClasses('ghost', 'sm')}>
                {t('landing.staffLogin')}
              </Link>
              <Link to={paths.customerLogin} className={buttonClasses('primary', 'sm')}>
                {t('landing.customerLogin')}
              </Link>
            </span>
          </nav>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
          <div
            aria-hidden="true"
            className="absolute top-0 left-1/2 -z-0 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-indigo-200/40 blur-3xl"
          />
          <div className="relative mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center lg:px-8">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200">
                <TrainFront aria-hidden="true" className="size-3.5" />
                {t('landing.tagline')}
              </p>
              <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
                KandyPack Portal
              </h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">{t('landing.lead')}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to={paths.customerLogin} className={buttonClasses('primary', 'lg')}>
                  {t('landing.customerLogin')}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
                <Link to={paths.login} className={buttonClasses('secondary', 'lg')}>
                  <LogIn aria-hidden="true" className="size-4" />
                  {t('landing.staffLogin')}
                </Link>
              </div>
              <LandingFigures />
            </div>
            <RouteCard t={t} />
          </div>
        </section>

        <section aria-labelledby="portals-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="portals-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            {t('landing.portalsHeading')}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-600">{t('landing.portalsLead')}</p>
          <PortalCards />
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>{t('landing.footerCompany')}</p>
          <p>{t('landing.footerTagline')}</p>
        </div>
      </footer>
    </div>
  );
}

function RouteCard({ t }: { t: Translate }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-100/60">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-600 text-white">
          <MapPin aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="text-sm text-slate-500">{t('landing.dispatchedFrom')}</p>
          <p className="font-semibold text-slate-900">{t('landing.hub')}</p>
        </div>
      </div>
      <ul className="mt-6 space-y-2.5" aria-label={t('landing.destinations')}>
        {CITIES.map((city) => (
          <li
            key={city}
            className="flex items-center justify-between rounded-lg bg-slate-50 px-4 py-2.5 text-sm"
          >
            <span className="font-medium text-slate-800">{t(city)}</span>
            <span className="flex items-center gap-2 text-slate-500">
              <TrainFront aria-hidden="true" className="size-4 text-indigo-600" />
              <span aria-hidden="true">→</span>
              <Truck aria-hidden="true" className="size-4 text-teal-600" />
              <span className="sr-only">{t('landing.railThenTruck')}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
