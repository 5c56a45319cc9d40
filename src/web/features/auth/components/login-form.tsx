import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert';
import { Input } from '#web/components/ui/input';
import { knownText } from '#web/i18n/known-texts';
import { useT } from '#web/i18n/provider';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { destinationAfterLogin } from '#web/lib/redirects';
import { useSession } from '#web/lib/session';
import { LOGIN_FAILED_MESSAGE, type LoginValues, loginSchema, NO_PORTAL_MESSAGE } from '../login-schema';
import { SubmitButton } from './submit-button';

export interface LoginFormProps {
  /** Set while a sign-in runs, so the page's "already signed in" redirect does not race it. */
  onBusyChange?: (busy: boolean) => void;
}

/** Username and password; on success goes to the user's own portal (docs/product/portals.md#signing-in). */
export function LoginForm({ onBusyChange }: LoginFormProps) {
  const { login, logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  async function onSubmit(values: LoginValues) {
    setError(null);
    onBusyChange?.(true);
    try {
      const profile = await login(values.username, values.password);
      const from = (location.state as { from?: unknown } | null)?.from;
      const destination = destinationAfterLogin(profile.role, from);
      if (destination) {
        // Stay busy: the portal loads in a transition while this page is still shown, and the
        // page's own "already signed in" redirect must not race this navigation.
        navigate(destination, { replace: true });
        return;
      }
      logout();
      setError(NO_PORTAL_MESSAGE);
    } catch (err) {
      console.warn('Sign-in failed', err);
      // too many attempts: say so, and when to try again (the server's detail)
      setError(
        err instanceof ApiError && err.status === 429 ? errorMessage(429, err.body) : LOGIN_FAILED_MESSAGE,
      );
    }
    onBusyChange?.(false);
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      {error && <Alert variant="error">{knownText(t, error)}</Alert>}
      <Input
        label={t('auth.username')}
        autoComplete="username"
        required
        autoFocus
        error={errors.username?.message}
        {...register('username')}
      />
      <Input
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton icon={LogIn} submitting={isSubmitting}>
        {t('auth.signIn')}
      </SubmitButton>
    </form>
  );
}
