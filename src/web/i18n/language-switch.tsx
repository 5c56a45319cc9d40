import { Languages } from 'lucide-react';
import { useSession } from '#web/lib/session';
import { isLocale, LOCALE_NAME, LOCALES } from './locale';
import { useLanguage, useT } from './provider';

/**
 * The language choice in every header (landing, sign-in, each portal): each language under its own
 * name; a signed-in person's choice is also stored on their profile.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const { locale, setLocale } = useLanguage();
  const { status } = useSession();
  return (
    <label className={`relative flex items-center ${className ?? ''}`}>
      <span className="sr-only">{t('lang.label')}</span>
      <Languages aria-hidden="true" className="pointer-events-none absolute left-2 size-4 text-slate-500" />
      <select
        value={locale}
        data-testid="language-switch"
        onChange={(e) => {
          const next = e.target.value;
          if (isLocale(next)) void setLocale(next, { remote: status === 'authenticated' });
        }}
        className="h-9 appearance-none rounded-md border border-slate-300 bg-white py-1 pr-2 pl-7 text-sm text-slate-700 shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAME[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
