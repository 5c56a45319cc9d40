import type { FastifyInstance } from 'fastify';
import { can, type Permission, REFUSED_ACTION } from '#shared/permissions';
import { portalForRole } from '#shared/roles';
import { asRead, type Db } from '../db/client';
import { forbidden, unauthorized } from './errors';
import type { TokenClaims, TokenService } from './tokens';
import type { UserCache } from './user-cache';
import { findUserById } from './user-lookup';

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/**
 * Whether a valid token still opens the portal for its user (read now): the user exists and is
 * active (a deleted user, a deactivated one and a former employee's login are not), and the token
 * was signed under the user's current token version, so a password reset or a deactivation ends
 * every token issued before it (migrations/0036, docs/decisions/0069). Every request and every
 * open event stream is held to this.
 */
export function tokenHolds(user: UserRow | undefined, claims: TokenClaims): user is UserRow {
  return !!user?.isActive && user.tokenVersion === claims.version;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  permission: string | null;
  public: boolean;
  /** The kind of heavy work it does, waiting for a turn (http/heavy-work.ts). */
  heavy: string | null;
  /** The route's validation schemas (zod), for tests that walk every route. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown; consumes?: readonly string[] };
}

/**
 * Every /api route must declare `config.permission` or `config.public`; registering one that
 * declares neither fails start-up. The onRequest hook then authenticates the bearer token,
 * loads the user (so a deleted user or changed role takes effect at once) and checks the table.
 */
export function registerAuthentication(
  app: FastifyInstance,
  db: Db,
  tokens: TokenService,
  userCache?: UserCache,
): DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const config = (route.config ?? {}) as { permission?: string; public?: boolean; heavy?: string };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (!config.permission && !config.public) {
        throw new Error(
          `Route ${method} ${route.url} declares no permission (config.permission or config.public)`,
        );
      }
      declared.push({
        method,
        url: route.url,
        permission: config.permission ?? null,
        public: !!config.public,
        heavy: config.heavy ?? null,
        schema: (route.schema ?? {}) as DeclaredRoute['schema'],
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/api') || config.public || !config.permission) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Not authenticated');
    const claims = await tokens.claims(match[1].trim());
    if (claims === null) throw unauthorized('Invalid or expired token');
    const { userId } = claims;
    // a read, retried on a fresh connection if its pooled one died (db/client.ts, asRead)
    const user = await asRead(() => (userCache ? userCache.get(userId) : findUserById(db, userId)));
    if (!tokenHolds(user, claims)) throw unauthorized('Invalid or expired token');
    const portal = portalForRole(user.role);
    if (!can(portal, config.permission)) {
      const action = REFUSED_ACTION[config.permission as Permission] ?? 'do this';
      throw forbidden(`Your role (${user.role}) cannot ${action}`);
    }
    request.user = {
      userId: user.userId,
      userName: user.userName,
      email: user.email,
      role: user.role,
      portal,
      customerId: user.customerId,
      employeeId: user.employeeId,
      language: user.language,
    };
    request.token = claims;
  });

  return declared;
}
