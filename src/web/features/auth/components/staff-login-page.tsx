import { useT } from '#web/i18n/provider';
import { usePageTitle } from '#web/lib/page-title';
import { paths } from '#web/lib/paths';
import { LoginForm } from './login-form';
import { SignInPage } from './sign-in-page';

export function StaffLoginPage() {
  const t = useT();
  usePageTitle(t('auth.signIn'));
  return (
    <SignInPage
      title={t('auth.staffHeading')}
      subtitle={t('auth.staffLead')}
      otherLogin={{
        prompt: t('auth.customerPrompt'),
        to: paths.customerLogin,
        label: t('auth.toCustomerLogin'),
      }}
    >
      {(onBusyChange) => <LoginForm onBusyChange={onBusyChange} />}
    </SignInPage>
  );
}
