import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '#web/components/ui/alert';
import { Input } from '#web/components/ui/input';
import { knownText } from '#web/i18n/known-texts';
import { type Translate, useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';
import { useSession } from '#web/lib/session';
import { registerCustomer } from '../register-customer';
import { type SignupValues, signupSchema, toRegistrationPayload } from '../signup-schema';
import { SubmitButton } from './submit-button';

const REDIRECT_DELAY_MS = 1000;

/** "Signup failed: {reason}" with a known server reason in the reader's language. */
function signupFailedText(t: Translate, detail: string): string {
  const clean = detail.trim().replace(/\.+$/, '');
  return t('auth.signUpFailed', { reason: clean ? knownText(t, clean) : t('auth.unknownError') });
}

type Outcome = { kind: 'success' } | { kind: 'error'; message: string } | null;

/**
 * Self-registration of a Retail customer, then sign-in and /customer after 1 s
 * (docs/product/portals.md#forms-and-messages).
 */
export function SignupForm({ onBusyChange }: { onBusyChange?: (busy: boolean) => void }) {
  const { login } = useSession();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues, unknown, z.output<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', username: '', password: '', email: '', contactNumber: '', address: '' },
  });

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => navigate(redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  async function onSubmit(values: z.output<typeof signupSchema>) {
    setOutcome(null);
    onBusyChange?.(true);
    try {
      await registerCustomer(toRegistrationPayload(values));
    } catch (err) {
      setOutcome({
        kind: 'error',
        message: signupFailedText(t, err instanceof Error ? err.message : String(err)),
      });
      onBusyChange?.(false);
      return;
    }
    setOutcome({ kind: 'success' });
    try {
      await login(values.username, values.password);
      setRedirectTo(paths.customer.root);
    } catch (err) {
      console.warn('Sign-in after sign-up failed', err);
      setOutcome({
        kind: 'error',
        message: t('auth.signUpThenLoginFailed'),
      });
      onBusyChange?.(false);
    }
  }

  const done = outcome?.kind === 'success';
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      {outcome?.kind === 'error' && <Alert variant="error">{outcome.message}</Alert>}
      {done && <Alert variant="success">{t('auth.signUpSuccess')}</Alert>}
      <Input
        label={t('auth.fullName')}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('auth.username')}
          autoComplete="username"
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <Input
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('auth.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
      </div>
      <Input
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label={t('auth.contactNumber')}
        type="tel"
        autoComplete="tel"
        optional
        error={errors.contactNumber?.message}
        {...register('contactNumber')}
      />
      <Input
        label={t('auth.companyOrAddress')}
        autoComplete="street-address"
        optional
        error={errors.address?.message}
        {...register('address')}
      />
      <SubmitButton icon={UserPlus} submitting={isSubmitting} disabled={done}>
        {t('auth.createAccount')}
      </SubmitButton>
    </form>
  );
}
