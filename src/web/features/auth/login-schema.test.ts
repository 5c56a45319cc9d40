import { describe, expect, it } from 'vitest';
import { MAX_LOGIN_LENGTH, MAX_PASSWORD_LENGTH } from '#shared/constants';
import { checkLogin } from './login-schema';

describe('checkLogin', () => {
  it('passes a username and password, the username trimmed and the password as typed', () => {
    expect(checkLogin({ username: '  admin ', password: ' demo-password ' })).toEqual({
      values: { username: 'admin', password: ' demo-password ' },
      errors: {},
    });
  });

  it('requires both fields; a username of spaces is none', () => {
    expect(checkLogin({ username: '   ', password: '' }).errors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it("keeps to the server's lengths", () => {
    const at = checkLogin({
      username: 'u'.repeat(MAX_LOGIN_LENGTH),
      password: 'p'.repeat(MAX_PASSWORD_LENGTH),
    });
    expect(at.errors).toEqual({});
    expect(
      checkLogin({
        username: 'u'.repeat(MAX_LOGIN_LENGTH + 1),
        password: 'p'.repeat(MAX_PASSWORD_LENGTH + 1),
      }).errors,
    ).toEqual({
      username: `Username must be at most ${MAX_LOGIN_LENGTH} characters`,
      password: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
    });
  });
});
