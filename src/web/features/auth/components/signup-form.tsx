import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '#web/components/ui/alert';
import { Input } from '#web/components/ui/input';
import { paths } from '#web/lib/paths';
import { useSession } from '#web/lib/session';
import { registerCustomer } from '../register-customer';
import {
  SIGNUP_SUCCESS_MESSAGE,
  type SignupValues,
  signupFailedMessage,
  signupSchema,
  toRegistrationPayload,
} from '../signup-schema';
import { SubmitButton } from './submit-button';

const REDIRECT_DELAY_MS = 1000;

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
        message: signupFailedMessage(err instanceof Error ? err.message : String(err)),
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
        message: 'Your account was created, but signing in failed. Please log in from the Login tab.',
      });
      onBusyChange?.(false);
    }
  }

  const done = outcome?.kind === 'success';
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      {outcome?.kind === 'error' && <Alert variant="error">{outcome.message}</Alert>}
      {done && <Alert variant="success">{SIGNUP_SUCCESS_MESSAGE}</Alert>}
      <Input
        label="Full name"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Username"
          autoComplete="username"
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
      </div>
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Contact number"
        type="tel"
        autoComplete="tel"
        optional
        error={errors.contactNumber?.message}
        {...register('contactNumber')}
      />
      <Input
        label="Company or address"
        autoComplete="street-address"
        optional
        error={errors.address?.message}
        {...register('address')}
      />
      <SubmitButton icon={UserPlus} submitting={isSubmitting} disabled={done}>
        Create account
      </SubmitButton>
    </form>
  );
}
