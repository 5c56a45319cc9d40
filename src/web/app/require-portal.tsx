import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Portal } from '#shared/roles';
import { useT } from '#web/i18n/provider';
import { guardDecision } from '#web/lib/redirects';
import { useSession } from '#web/lib/session';
import { Loading } from '../components/ui/spinner';

/** Renders a portal only for users whose role belongs to it (see `guardDecision`). */
export function RequirePortal({ portal, children }: { portal: Portal; children: ReactNode }) {
  const { status, user, loggedOut } = useSession();
  const location = useLocation();
  const t = useT();
  const decision = guardDecision(status, user, portal, loggedOut);
  if (decision.kind === 'loading') return <Loading label={t('layout.checkingSession')} fullScreen />;
  if (decision.kind === 'redirect')
    return <Navigate to={decision.to} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
