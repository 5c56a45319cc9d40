import { lazy, Suspense, useState } from 'react';
import { Loading } from '#web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useT } from '#web/i18n/provider';
import { usePageTitle } from '#web/lib/page-title';
import { paths } from '#web/lib/paths';
import { LoginForm } from './login-form';
import { SignInPage } from './sign-in-page';

// The Sign Up form (and its validation library) loads when its tab is chosen or about to be (a
// pointer over it, the focus on it), not with the page: most visitors sign in (decision 0088).
const loadSignupForm = () => import('./signup-form');
const SignupForm = lazy(() => loadSignupForm().then((m) => ({ default: m.SignupForm })));

/** Customer entry with Login and Sign Up tabs (docs/product/portals.md#signing-in). */
export function CustomerLoginPage() {
  const [tab, setTab] = useState('login');
  const t = useT();
  // the tab's title follows the form in view
  usePageTitle(tab === 'signup' ? t('auth.customerSignUpTitle') : t('auth.customerSignInTitle'));
  return (
    <SignInPage
      title={t('auth.customerHeading')}
      subtitle={t('auth.customerLead')}
      otherLogin={{ prompt: t('auth.staffPrompt'), to: paths.login, label: t('auth.toStaffLogin') }}
    >
      {(onBusyChange) => (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList stretch aria-label={t('auth.loginOrSignUp')}>
            <TabsTrigger value="login">{t('auth.loginTab')}</TabsTrigger>
            <TabsTrigger value="signup" onPointerEnter={loadSignupForm} onFocus={loadSignupForm}>
              {t('auth.signUpTab')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="login" className="mt-6">
            <LoginForm onBusyChange={onBusyChange} />
          </TabsContent>
          <TabsContent value="signup" className="mt-6">
            <Suspense fallback={<Loading />}>
              <SignupForm onBusyChange={onBusyChange} />
            </Suspense>
          </TabsContent>
        </Tabs>
      )}
    </SignInPage>
  );
}
