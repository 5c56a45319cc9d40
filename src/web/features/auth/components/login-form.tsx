import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert';
import { Input } from '#web/components/ui/input';
import { knownText } from '#web/i18n/known-texts';
import { useT } from '#web/i18n/provider';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { destinationAfterLogin } from '#web/lib/redirects';
import { useSession } from '#web/lib/session';
import {
  checkLogin,
  LOGIN_FAILED_MESSAGE,
  LOGIN_FIELDS,
  type LoginErrors,
  type LoginValues,
  NO_PORTAL_MESSAGE,
} from '../login-schema';
import { SubmitButton } from './submit-button';

export interface LoginFormProps {
  /** Set while a sign-in runs, so the page's "already signed in" redirect does not race it. */
  onBusyChange?: (busy: boolean) => void;
}

/** The fields' values as typed (the inputs are the browser's own: password managers fill them). */
function valuesOf(form: HTMLFormElement): LoginValues {
  const data = new FormData(form);
  return { username: String(data.get('username') ?? ''), password: String(data.get('password') ?? '') };
}

function isLoginField(name: string): name is keyof LoginValues {
  return (LOGIN_FIELDS as readonly string[]).includes(name);
}

/**
 * Username and password; on success goes to the user's own portal (docs/product/portals.md#signing-in).
 * Checked on submit; after a first submit a field is checked again as it changes, and the first
 * field with a problem takes the focus (as with react-hook-form before decision 0088).
 */
export function LoginForm({ onBusyChange }: LoginFormProps) {
  const { login, logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const t = useT();

  async function signIn(values: LoginValues) {
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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const { values, errors: found } = checkLogin(valuesOf(form));
    setErrors(found);
    const first = LOGIN_FIELDS.find((name) => found[name]);
    if (first) {
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await signIn(values);
    } finally {
      setSubmitting(false);
    }
  }

  // after a first submit, a changed field shows its problem (or none) at once
  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!submitted || !isLoginField(name)) return;
    const problem = checkLogin(valuesOf(event.currentTarget)).errors[name];
    setErrors((shown) => ({ ...shown, [name]: problem }));
  }

  return (
    <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5">
      {error && <Alert variant="error">{knownText(t, error)}</Alert>}
      <Input
        label={t('auth.username')}
        name="username"
        autoComplete="username"
        required
        autoFocus
        error={errors.username}
      />
      <Input
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <SubmitButton icon={LogIn} submitting={submitting}>
        {t('auth.signIn')}
      </SubmitButton>
    </form>
  );
}
