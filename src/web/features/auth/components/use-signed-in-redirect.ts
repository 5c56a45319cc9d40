import { homeForRole } from '#web/lib/redirects';
import { useSession } from '#web/lib/session';

/**
 * The portal an already signed-in visitor of a login page should be sent to, or null.
 * `busy` suppresses it while the page itself is signing someone in and navigating.
 */
export function useSignedInRedirect(busy: boolean): string | null {
  const { status, user } = useSession();
  if (busy || status !== 'authenticated' || !user) return null;
  return homeForRole(user.role);
}
