import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { usePageTitle } from '#web/lib/page-title';
import { paths } from '#web/lib/paths';
import { LoginForm } from './login-form';
import { SignInPage } from './sign-in-page';
import { SignupForm } from './signup-form';

/** Customer entry with Login and Sign Up tabs (docs/product/portals.md#signing-in). */
export function CustomerLoginPage() {
  const [tab, setTab] = useState('login');
  // the tab's title follows the form in view
  usePageTitle(tab === 'signup' ? 'Customer sign up' : 'Customer sign in');
  return (
    <SignInPage
      title="Customer portal"
      subtitle="Sign in to place and track orders, or create a new customer account."
      otherLogin={{ prompt: 'KandyPack staff?', to: paths.login, label: 'Go to staff login' }}
    >
      {(onBusyChange) => (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList stretch aria-label="Login or sign up">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login" className="mt-6">
            <LoginForm onBusyChange={onBusyChange} />
          </TabsContent>
          <TabsContent value="signup" className="mt-6">
            <SignupForm onBusyChange={onBusyChange} />
          </TabsContent>
        </Tabs>
      )}
    </SignInPage>
  );
}
