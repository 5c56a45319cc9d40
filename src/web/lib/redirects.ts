import type { Profile } from '#shared/contract/auth';
import { PORTAL_HOME, type Portal, portalForRole } from '#shared/roles';
import { paths } from './paths';
import type { SessionStatus } from './session';

/**
 * Where a signed-in user belongs (docs/product/portals.md#signing-in), or null when the role has no portal.
 */
export function homeForRole(role: string | null | undefined): string | null {
  const portal = portalForRole(role);
  return portal ? PORTAL_HOME[portal] : null;
}

export type GuardDecision = { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * The role guard of each portal (docs/product/portals.md#signing-in): wait while the session loads;
 * anonymous visitors go to the customer entry for the customer portal and to /login otherwise (and
 * to /login right after Logout, whichever the portal); a user whose role belongs to another portal
 * goes to /login (which sends them on to their own portal).
 */
export function guardDecision(
  status: SessionStatus,
  user: Pick<Profile, 'role'> | null,
  portal: Portal,
  loggedOut = false,
): GuardDecision {
  if (status === 'loading') return { kind: 'loading' };
  if (status === 'anonymous' || !user) {
    // Logout returns everyone to /login (docs/product/portals.md#signing-in), customers included.
    const to = portal === 'customer' && !loggedOut ? paths.customerLogin : paths.login;
    return { kind: 'redirect', to };
  }
  if (portalForRole(user.role) !== portal) return { kind: 'redirect', to: paths.login };
  return { kind: 'allow' };
}

/**
 * Where to go after signing in: back to the page the guard turned the user away from when it
 * is inside their own portal, else their portal's home; null when the role has no portal.
 */
export function destinationAfterLogin(role: string | null | undefined, from?: unknown): string | null {
  const home = homeForRole(role);
  if (!home) return null;
  if (
    typeof from === 'string' &&
    (from === home || from.startsWith(`${home}/`)) &&
    from !== paths.customerLogin
  ) {
    return from;
  }
  return home;
}
