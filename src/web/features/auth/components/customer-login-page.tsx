import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { Loading } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { useSignedInRedirect } from './use-signed-in-redirect';

/** Customer entry with Login and Sign Up tabs (portal-spec §2). */
export function CustomerLoginPage() {
  const { status } = useSession();
  const [busy, setBusy] = useState(false);
  const redirect = useSignedInRedirect(busy);

  if (status === 'loading') return <Loading label="Checking your session..." fullScreen />;
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <AuthLayout
      title="Customer portal"
      subtitle="Sign in to place and track orders, or create a new customer account."
      footer={
        <p>
          KandyPack staff?{' '}
          <Link
            to={paths.login}
            className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline"
          >
            Go to staff login
          </Link>
        </p>
      }
    >
      <Tabs defaultValue="login">
        <TabsList stretch aria-label="Login or sign up">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="mt-6">
          <LoginForm onBusyChange={setBusy} />
        </TabsContent>
        <TabsContent value="signup" className="mt-6">
          <SignupForm onBusyChange={setBusy} />
        </TabsContent>
      </Tabs>
    </AuthLayout>
  );
}
