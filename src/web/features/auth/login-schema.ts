import { MAX_LOGIN_LENGTH, MAX_PASSWORD_LENGTH } from '#shared/constants';

/**
 * The sign-in form's check, written out rather than with zod: the sign-in pages load no form or
 * validation library (docs/decisions/0088). Username and password required
 * (docs/product/portals.md#forms-and-messages); the lengths are the server's.
 */
export interface LoginValues {
  username: string;
  password: string;
}

/** The fields of the form, in their order on the page (the first with a problem gets the focus). */
export const LOGIN_FIELDS = ['username', 'password'] as const satisfies readonly (keyof LoginValues)[];

/** The one problem a field shows (its first), by field; none when the field is fine. */
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** The values as they are sent (the username trimmed) and each field's problem. */
export function checkLogin(input: LoginValues): { values: LoginValues; errors: LoginErrors } {
  const values = { username: input.username.trim(), password: input.password };
  const errors: LoginErrors = {};
  if (values.username.length < 1) errors.username = 'Username is required';
  else if (values.username.length > MAX_LOGIN_LENGTH)
    errors.username = `Username must be at most ${MAX_LOGIN_LENGTH} characters`;
  if (values.password.length < 1) errors.password = 'Password is required';
  else if (values.password.length > MAX_PASSWORD_LENGTH)
    errors.password = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return { values, errors };
}

/** The one message a failed sign-in shows (docs/product/portals.md#forms-and-messages). */
export const LOGIN_FAILED_MESSAGE = 'Invalid credentials or server unavailable';
export const NO_PORTAL_MESSAGE = 'Your account has no portal access yet. Please contact an administrator.';
