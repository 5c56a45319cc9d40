import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ProfileLanguageSync } from '#web/i18n/profile-language';
import { LanguageProvider } from '#web/i18n/provider';
import { SessionProvider } from '#web/lib/session';
import { createQueryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProvider>
            <ProfileLanguageSync />
            {children}
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
