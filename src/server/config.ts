import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * How DATABASE_URL pools (docs/scaling.md, decision 0087): `session` (PostgreSQL itself, or a
   * pooler in session mode) or `transaction` (PgBouncer in transaction mode: no named statements,
   * no startup parameters; LISTEN and the migration lock go through DATABASE_SESSION_URL).
   */
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  /** A connection that keeps session state (LISTEN, advisory locks); default DATABASE_URL. */
  DATABASE_SESSION_URL: z.string().url().optional(),
  /** A streaming replica the reports read from while it is at most REPORTS_MAX_LAG_MS behind. */
  REPORTS_DATABASE_URL: z.string().url().optional(),
  /** The most a replica may be behind for a report to read it (milliseconds); else the primary answers. */
  REPORTS_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(480),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'true, false, a hop count or addresses/CIDRs separated by commas',
    )
    .optional(),
  /** Connections each server process keeps to PostgreSQL. */
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL stops any statement running longer (milliseconds); 0 turns the limit off. */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** Server processes (node:cluster); 0 (the default) means one per CPU core. */
  WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  /** Live event streams one user may hold open on one server process (decision 0069). */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Bearer token of GET /api/metrics (Prometheus text, http/metrics.ts); unset, the endpoint is
   * off (404) and requests are not timed. At least 16 characters.
   */
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_MODE: how DATABASE_URL pools. */
  poolMode: 'session' | 'transaction';
  /** DATABASE_SESSION_URL: LISTEN and the migration lock; undefined: DATABASE_URL. */
  sessionUrl: string | undefined;
  /** REPORTS_DATABASE_URL: a read replica for the reports. */
  reportsUrl: string | undefined;
  reportsMaxLagMs: number;
  dataDir: string;
  jwtSecret: string;
  tokenTtlMinutes: number;
  logLevel: string;
  poolSize: number;
  statementTimeoutMs: number;
  workers: number;
  eventStreamsPerUser: number;
  /** GET /api/metrics's bearer token; undefined: the endpoint is off. */
  metricsToken: string | undefined;
  /** Whose X-Forwarded-For to believe for the client address (see parseTrustProxy). */
  trustProxy: boolean | number | string;
}

/**
 * TRUST_PROXY: unset or `false`, the socket's address is the client (no proxy); `true`, the
 * left-most X-Forwarded-For address (only when every client comes through the proxy); a number,
 * that many proxy hops; else addresses or CIDRs of the proxies, separated by commas.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false' || value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.replace(/\s+/g, '');
}

/** Parses the environment once; wrong settings stop the server with a message that names them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    if (e.DATABASE_URL)
      throw new Error('Invalid configuration: JWT_SECRET is required when DATABASE_URL is set');
    jwtSecret = embeddedSecret(dataDir);
  }
  for (const name of ['DATABASE_SESSION_URL', 'REPORTS_DATABASE_URL'] as const)
    if (e[name] && !e.DATABASE_URL)
      throw new Error(`Invalid configuration: ${name} needs DATABASE_URL (PostgreSQL) to be set`);
  if (e.DATABASE_POOL_MODE === 'transaction' && !e.DATABASE_SESSION_URL)
    throw new Error(
      'Invalid configuration: DATABASE_POOL_MODE=transaction needs DATABASE_SESSION_URL, a connection that keeps session state (PostgreSQL itself or a pooler in session mode) for LISTEN and the migration lock',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    poolMode: e.DATABASE_POOL_MODE,
    sessionUrl: e.DATABASE_SESSION_URL,
    reportsUrl: e.REPORTS_DATABASE_URL,
    reportsMaxLagMs: e.REPORTS_MAX_LAG_MS,
    dataDir,
    jwtSecret,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    logLevel: e.LOG_LEVEL,
    poolSize: e.PG_POOL_SIZE,
    statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
    workers: e.WORKERS,
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

/** Embedded mode: a random secret made once and kept beside the database. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
