import { describe, expect, it } from 'vitest';
import { signupFailedMessage, signupSchema, toRegistrationPayload } from './signup-schema';

const valid = {
  name: 'Nimal Perera',
  username: 'nimal.p',
  password: 'secret-pass',
  email: 'nimal@example.com',
  contactNumber: '',
  address: '',
};

function errorsOf(values: Record<string, string>) {
  const result = signupSchema.safeParse(values);
  if (result.success) return {};
  // Like the form resolver: the first message of each field.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('signupSchema', () => {
  it('accepts a complete form with the optional fields empty', () => {
    expect(signupSchema.safeParse(valid).success).toBe(true);
  });

  it('requires name, username, password and email', () => {
    expect(errorsOf({ ...valid, name: ' ', username: '', password: '', email: '' })).toEqual({
      name: 'Full name is required',
      username: 'Username is required',
      password: 'Password is required',
      email: 'Email is required',
    });
  });

  it('checks the email and the server rules', () => {
    expect(errorsOf({ ...valid, email: 'nope', password: 'short', username: 'a b' })).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
      username: 'Use letters, digits, dot, dash or underscore only',
    });
  });
});

describe('toRegistrationPayload', () => {
  it('builds the Retail registration payload', () => {
    const parsed = signupSchema.parse({
      ...valid,
      address: ' 12 Temple Rd, Kandy ',
      contactNumber: '0771234567',
    });
    expect(toRegistrationPayload(parsed)).toEqual({
      username: 'nimal.p',
      password: 'secret-pass',
      name: 'Nimal Perera',
      email: 'nimal@example.com',
      type: 'Retail',
      address: '12 Temple Rd, Kandy',
      city: '',
      contactNumber: '0771234567',
    });
  });

  it('sends no contact number when it is left empty', () => {
    expect(toRegistrationPayload(signupSchema.parse(valid)).contactNumber).toBeNull();
  });
});

describe('signupFailedMessage', () => {
  it('wraps the detail in the sign-up failure text without doubling the full stop', () => {
    expect(signupFailedMessage('Username already exists.')).toBe(
      'Signup failed: Username already exists. Ensure the backend is running and the API URL is set.',
    );
  });
});
