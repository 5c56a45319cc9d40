import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { Loading } from '../../../components/ui/spinner';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { useSignedInRedirect } from './use-signed-in-redirect';

export function StaffLoginPage() {
  const { status } = useSession();
  const [busy, setBusy] = useState(false);
  const redirect = useSignedInRedirect(busy);

  if (status === 'loading') return <Loading label="Checking your session..." fullScreen />;
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <AuthLayout
      title="Staff sign in"
      subtitle="Administrators, managers, warehouse staff, drivers and assistants sign in here."
      footer={
        <p>
          Are you a customer?{' '}
          <Link
            to={paths.customerLogin}
            className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline"
          >
            Go to customer login
          </Link>
        </p>
      }
    >
      <LoginForm onBusyChange={setBusy} />
    </AuthLayout>
  );
}
