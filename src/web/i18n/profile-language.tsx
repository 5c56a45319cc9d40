import { useEffect, useRef } from 'react';
import { useSession } from '#web/lib/session';
import { profileLocale } from './locale';
import { saveProfileLanguage, useLanguage } from './provider';

/**
 * On sign-in: the language stored on the profile wins; a profile that never chose one gets the
 * language the person is using now (so notifications and invoices follow it).
 */
export function ProfileLanguageSync() {
  const { user } = useSession();
  const { locale, setLocale } = useLanguage();
  const synced = useRef<number | null>(null);
  useEffect(() => {
    if (!user || synced.current === user.user_id) return;
    synced.current = user.user_id;
    const stored = profileLocale(user);
    if (stored && stored !== locale) void setLocale(stored);
    else if (!stored) void saveProfileLanguage(locale);
  }, [user, locale, setLocale]);
  useEffect(() => {
    if (!user) synced.current = null;
  }, [user]);
  return null;
}
