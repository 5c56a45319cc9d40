import { type ReactNode, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Loading } from '#web/components/ui/spinner';
import { useT } from '#web/i18n/provider';
import { useSession } from '#web/lib/session';
import { AuthLayout } from './auth-layout';
import { useSignedInRedirect } from './use-signed-in-redirect';

export interface SignInPageProps {
  title: string;
  subtitle: string;
  /** The footer's pointer to the other login page: "{prompt} <Link to={to}>{label}</Link>". */
  otherLogin: { prompt: string; to: string; label: string };
  /** The page's forms; they call `onBusyChange` while signing in, so the redirect below does not race them. */
  children: (onBusyChange: (busy: boolean) => void) => ReactNode;
}

/** A login page: waits for the session, sends a signed-in visitor to their portal, else shows the forms. */
export function SignInPage({ title, subtitle, otherLogin, children }: SignInPageProps) {
  const { status } = useSession();
  const [busy, setBusy] = useState(false);
  const redirect = useSignedInRedirect(busy);
  const t = useT();

  if (status === 'loading') return <Loading label={t('layout.checkingSession')} fullScreen />;
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <AuthLayout
      title={title}
      subtitle={subtitle}
      footer={
        <p>
          {otherLogin.prompt}{' '}
          <Link
            to={otherLogin.to}
            className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline"
          >
            {otherLogin.label}
          </Link>
        </p>
      }
    >
      {children(setBusy)}
    </AuthLayout>
  );
}
