import { usePageTitle } from '#web/lib/page-title';
import { paths } from '#web/lib/paths';
import { LoginForm } from './login-form';
import { SignInPage } from './sign-in-page';

export function StaffLoginPage() {
  usePageTitle('Sign in');
  return (
    <SignInPage
      title="Staff sign in"
      subtitle="Administrators, managers, warehouse staff, drivers and assistants sign in here."
      otherLogin={{ prompt: 'Are you a customer?', to: paths.customerLogin, label: 'Go to customer login' }}
    >
      {(onBusyChange) => <LoginForm onBusyChange={onBusyChange} />}
    </SignInPage>
  );
}
