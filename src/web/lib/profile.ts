import type { Profile } from '#shared/contract/auth';
import { api } from '#web/lib/api-client';

/** GET /auth/profile: the signed-in user (docs/product/api.md#auth). */
export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return api<Profile>('/auth/profile', { signal });
}
