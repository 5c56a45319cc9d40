import type { FastifyRequest } from 'fastify';
import type { Language } from '#shared/contract/auth';
import type { Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { forbidden, unauthorized } from './errors';
import type { TokenClaims } from './tokens';

export interface AuthUser {
  userId: number;
  userName: string;
  email: string;
  role: string;
  portal: Portal | null;
  customerId: number | null;
  employeeId: number | null;
  /** The language the user chose (issue 26), null when never chosen. */
  language: Language | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission of src/shared/permissions.ts this route needs. */
    permission?: Permission;
    /** Explicitly open to anyone (login, registration, health, docs). */
    public?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The claims of the token the request was authenticated with (event streams end with it). */
    token: TokenClaims | null;
  }
}

/** The signed-in user of a route that declared a permission (the hook has already checked it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Row ownership for customer records: a customer reaches only its own; staff with the permission reach any. */
export function assertCustomerAccess(user: AuthUser, customerId: number): void {
  if (user.portal === 'customer' && user.customerId !== customerId) {
    throw forbidden('You can only act for your own customer account');
  }
}

/** Someone else's employee_id is a 403 for crews; managers and admins read any. */
export function assertSelfOrStaff(user: AuthUser, employeeId: number, what: string): void {
  if (user.portal === 'assistant' && user.employeeId !== employeeId) {
    throw forbidden(`You can only see your own ${what}`);
  }
}
