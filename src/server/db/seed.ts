// Demo data for a fresh install (docs/product/business-rules.md#demo-data): a believable year of a
// Kandy FMCG distributor. The business is built and checked in memory (seed/build-plan.ts), written
// in one transaction (seed/write-plan.ts), and the feature seed modules add what they own on top
// (features/<name>/<name>.seed.ts).

import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '#server/domain/password';
import { portalForRole } from '#shared/roles';
import { seedCrewNotifications, seedCustomerNotifications } from '../features/crew/crew.seed';
import { seedPlanningWeek } from '../features/planning/planning.seed';
import { seedSupportRequests } from '../features/support/support.seed';
import { type Db, type Tx, withActor } from './client';
import * as t from './schema';
import { buildSeedPlan } from './seed/build-plan';
import { writePlan } from './seed/write-plan';
import { DEMO_PASSWORD, DEMO_USERS } from './seed-data';

export interface SeedSummary {
  now: string;
  tookMs: number;
  counts: Record<string, number>;
  demoUsers: { username: string; roleName: string; portal: string | null }[];
  demoPassword: string;
}

/** True when at least one user exists: the database is in use and must not be seeded. */
export async function hasAnyUser(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: t.users.userId }).from(t.users).limit(1);
  return rows.length > 0;
}

/**
 * The demo accounts, when signing in with them works here (the first one still has the demo
 * password): `npm start` names them in its ready line; a database in real use gets no hint.
 */
export async function demoSignIn(db: Db): Promise<{ usernames: string[]; password: string } | null> {
  const first = DEMO_USERS[0];
  if (!first) return null;
  const [row] = await db
    .select({ hash: t.users.passwordHash })
    .from(t.users)
    .where(and(eq(t.users.userName, first.username), eq(t.users.isActive, true), isNull(t.users.deletedAt)))
    .limit(1);
  if (!row || !(await verifyPassword(row.hash, DEMO_PASSWORD))) return null;
  return { usernames: DEMO_USERS.map((u) => u.username), password: DEMO_PASSWORD };
}

/** First-start test: an empty database (no users) gets the demo data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return !(await hasAnyUser(db));
}

/**
 * Loads the demo business into an empty database in one transaction. Refuses when users
 * already exist. Logins: admin, manager, warehouse, driver, assistant, customer, each with
 * the password DEMO_PASSWORD.
 */
export async function seedDemoData(db: Db, options: { now?: Date } = {}): Promise<SeedSummary> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const plan = buildSeedPlan(now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts = await withActor(db, null, async (tx) => {
    if (await hasAnyUser(tx)) {
      throw new Error('Demo data is only loaded into an empty database, and this one already has users.');
    }
    const { counts: written, ids } = await writePlan(tx, plan, passwordHash);
    // feature seed modules, on top of the business
    written.notifications = await seedCrewNotifications(tx, plan, ids);
    written.support_requests = await seedSupportRequests(tx, plan, ids);
    written.customer_notifications = await seedCustomerNotifications(tx, plan.now);
    for (const [table, n] of Object.entries(await seedPlanningWeek(tx, now))) {
      written[table] = (written[table] ?? 0) + n;
    }
    return written;
  });
  return {
    now: now.toISOString(),
    tookMs: Date.now() - started,
    counts,
    demoUsers: DEMO_USERS.map((u) => ({
      username: u.username,
      roleName: u.roleName,
      portal: portalForRole(u.roleName),
    })),
    demoPassword: DEMO_PASSWORD,
  };
}
