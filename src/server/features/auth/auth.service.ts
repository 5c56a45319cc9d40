import type { AppContext } from '#server/context';
import { withActor } from '#server/db/client';
import { hashPassword, timingDummyHash, verifyPassword } from '#server/domain/password';
import { findServedCityId } from '#server/features/cities/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, pgConstraint, pgErrorCode, unauthorized } from '#server/http/errors';
import type { Language, Profile, RegistrationRequest } from '#shared/contract/auth';
import {
  actAs,
  findCustomerName,
  findOrCreateCustomerRole,
  findTakenIdentity,
  findUserById,
  findUserByLogin,
  insertCustomer,
  insertUser,
  reserveUserId,
  setUserLanguage,
  touchLastLogin,
} from './auth.queries';
import { AuthThrottle, tooManyRequests } from './throttle';

// One message for an unknown user and a wrong password, so the answer does not reveal which.
const BAD_CREDENTIALS = 'Incorrect username or password';

export async function login(ctx: AppContext, ip: string, username: string, password: string) {
  const user = await findUserByLogin(ctx.db, username);
  const { rules } = ctx.authThrottle;
  const accountKey = AuthThrottle.accountKey(user?.userId, username);
  const ipKey = AuthThrottle.addressKey('signin', ip);
  // counted before the password is checked, so parallel guesses cannot slip past the limit
  const wait = await ctx.authThrottle.attempt([
    { key: accountKey, rule: rules.account },
    { key: ipKey, rule: rules.address },
  ]);
  if (wait > 0) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
      wait,
    );
  }
  const ok = user
    ? user.isActive && (await verifyPassword(user.passwordHash, password))
    : await verifyPassword(await timingDummyHash(), password).then(() => false);
  if (!user || !ok) throw unauthorized(BAD_CREDENTIALS);
  await ctx.authThrottle.succeeded([accountKey], [ipKey]);
  await withActor(ctx.db, user.userId, (tx) => touchLastLogin(tx, user.userId, ctx.clock()));
  return {
    access_token: await ctx.tokens.sign(user.userId, user.tokenVersion),
    token_type: 'bearer' as const,
  };
}

/** Public registration is rate-limited per client address (every attempt that reaches it counts). */
export async function checkRegistrationRate(ctx: AppContext, ip: string): Promise<void> {
  const wait = await ctx.authThrottle.attempt([
    { key: AuthThrottle.addressKey('register', ip), rule: ctx.authThrottle.rules.registration },
  ]);
  if (wait > 0) {
    throw tooManyRequests(
      `Too many registrations from your network. Try again in ${Math.ceil(wait / 60)} minute(s).`,
      wait,
    );
  }
}

/**
 * The signed-in user's profile from the user the request was authenticated with: that user was
 * just read (or taken from the per-process cache, which the database's notifications keep
 * current), so reading it again would only repeat the same row. A customer's name (the greeting
 * says it) is read from its customer row, one primary-key lookup, only for a customer.
 */
export async function profileOf(
  ctx: AppContext,
  user: Pick<AuthUser, 'userId' | 'userName' | 'email' | 'role' | 'customerId' | 'employeeId' | 'language'>,
): Promise<Profile> {
  return {
    user_id: user.userId,
    user_name: user.userName,
    email: user.email,
    role: user.role,
    customer_id: user.customerId,
    employee_id: user.employeeId,
    customer_name: user.customerId === null ? null : await findCustomerName(ctx.db, user.customerId),
    language: user.language,
  };
}

/**
 * PUT /auth/profile/language: the signed-in user's language, stored so that it follows them to
 * another device and so that the notifications and invoices made for them are in it (issue 26,
 * decision 0082). Audited like every change of a user (the users table's audit trigger).
 */
export async function setLanguage(ctx: AppContext, user: AuthUser, language: Language): Promise<Profile> {
  const stored = await withActor(ctx.db, user.userId, (tx) => setUserLanguage(tx, user.userId, language));
  if (!stored) throw unauthorized('Invalid or expired token');
  return profileOf(ctx, { ...user, language });
}

export async function profile(ctx: AppContext, userId: number): Promise<Profile> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized('Invalid or expired token');
  return profileOf(ctx, user);
}

/**
 * Self-registration: a user with the customer role and a Retail customer record, in one
 * transaction. There is no signed-in user: the new user is the actor of its audit rows (the
 * customer record, the user, a Customer role made on the way), its id reserved first.
 */
export async function registerPublicCustomer(
  ctx: AppContext,
  input: RegistrationRequest & { address: string; city: string },
) {
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await ctx.db.transaction(async (tx) => {
      const taken = await findTakenIdentity(tx, input.username, input.email);
      if (taken.userNameTaken) throw conflict(`Username '${input.username}' is already taken`);
      if (taken.emailTaken) throw conflict(`Email '${input.email}' is already registered`);
      const userId = await reserveUserId(tx);
      await actAs(tx, userId);
      const roleId = await findOrCreateCustomerRole(tx);
      const customerId = await insertCustomer(tx, {
        name: input.name,
        type: 'Retail',
        address: input.address,
        city: input.city,
        cityId: await findServedCityId(tx, input.city),
        contactNumber: input.contactNumber || null,
        email: input.email,
      });
      return insertUser(tx, {
        userId,
        userName: input.username,
        email: input.email,
        passwordHash,
        roleId,
        customerId,
      });
    });
    return profile(ctx, userId);
  } catch (err) {
    // two registrations racing for one name: the unique index decides
    if (pgErrorCode(err) === '23505') throw conflict('That username or email is already registered');
    // the role trigger (migrations/0033), should the customer role be retired under us after all
    if (pgConstraint(err) === 'users_role_is_live')
      throw conflict('The customer role was deleted meanwhile; please try again');
    throw err;
  }
}
