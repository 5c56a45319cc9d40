import type { TokenResponse } from '#shared/contract/auth';
import { ApiError, api } from '#web/lib/api-client';

/**
 * POST /auth/login with the OAuth2 password form (docs/product/api.md#compatibility-promise). A
 * failure is rethrown in the network-failure wording around the response text or Login failed
 * ({status}) (docs/product/portals.md#screens-in-common).
 */
export async function requestToken(username: string, password: string): Promise<TokenResponse> {
  const form = new URLSearchParams({ username, password, scope: '', grant_type: 'password' });
  try {
    return await api<TokenResponse>('/auth/login', { method: 'POST', body: form });
  } catch (err) {
    if (err instanceof ApiError) {
      const empty = err.body === '' || err.body === null || err.body === undefined;
      const text = empty ? `Login failed (${err.status})` : err.message;
      throw new ApiError(`Network request failed for /auth/login: ${text}`, err.status, err.body);
    }
    throw err;
  }
}
