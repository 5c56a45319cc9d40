import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import type { Listen } from './db/listen';
import type { ReportReads } from './db/replica';
import type { TokenService } from './http/tokens';
import type { FileStore } from './lib/file-store';

/**
 * What every feature needs, handed in by buildApp (tests build their own). A feature that puts a
 * service of its own in the context adds its member here from its folder, by declaration merging
 * (`declare module '#server/context'`), as features/auth/throttle.ts does with `authThrottle`:
 * this file names only plumbing, so every feature may import it (docs/architecture.md).
 */
export interface AppContext {
  db: Db;
  clock: () => Date;
  tokens: TokenService;
  /** LISTEN/NOTIFY of the database: every server process on it hears every notification. */
  listen: Listen;
  /** Uploaded files (order attachments) on disk, DATA_DIR/attachments. */
  files: FileStore;
  /** Answer the landing page's figures from memory for a few seconds (decision 0052). */
  cachePublicFigures: boolean;
  /** Event streams one user may hold open on one server process; past it 429 (decision 0069). */
  eventStreamsPerUser: number;
  /**
   * Where reports read (REPORTS_DATABASE_URL: a read replica while it is close enough behind;
   * db/replica.ts); absent, they read `db`.
   */
  reportReads?: ReportReads;
  /** Figures features keep that GET /api/metrics reads when asked (http/metrics.ts). */
  readings: { openEventStreams: () => number };
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
