import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ProfileLanguageSync } from '#web/i18n/profile-language';
import { LanguageProvider } from '#web/i18n/provider';
import { SessionProvider } from '#web/lib/session';

// The query client is not here: the sign-in pages and portals bring it (router.tsx,
// query-provider.tsx), so the landing page loads no TanStack Query (docs/decisions/0085).
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider>
      <BrowserRouter>
        <SessionProvider>
          <ProfileLanguageSync />
          {children}
        </SessionProvider>
      </BrowserRouter>
    </LanguageProvider>
  );
}
