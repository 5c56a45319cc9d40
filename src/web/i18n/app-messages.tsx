import { type ReactNode, use } from 'react';
import { useLanguage } from './provider';
import { appMessages } from './runtime';

/** Renders its children once the sign-in and portal messages of the page's language are in. */
export function AppMessages({ children }: { children: ReactNode }) {
  use(appMessages(useLanguage().locale) as Promise<void>);
  return <>{children}</>;
}
