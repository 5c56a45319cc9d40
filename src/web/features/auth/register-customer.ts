import type { Profile, RegistrationRequest } from '#shared/contract/auth';
import { api } from '#web/lib/api-client';

/**
 * POST /auth/register_public_customer (JSON). Errors are rethrown (the form shows them:
 * docs/product/portals.md#forms-and-messages).
 */
export function registerCustomer(payload: RegistrationRequest): Promise<Profile> {
  return api<Profile>('/auth/register_public_customer', { method: 'POST', body: payload });
}
