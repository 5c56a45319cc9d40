import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_ATTACHMENT_BYTES } from '#shared/constants';
import type { App, AppContext } from './context';
import type { Db, PoolState, QueryTracker } from './db/client';
import type { Listen } from './db/listen';
import type { ReportReads } from './db/replica';
import { registerAdminDashboardRoutes } from './features/admin-dashboard/admin-dashboard.routes';
import { registerBusinessReports } from './features/admin-reports/business-reports';
import { registerFinancialReports } from './features/admin-reports/financial-reports';
import { registerAuditLogRoutes } from './features/audit-log/audit-log.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { AuthThrottle, THROTTLE_RULES, type ThrottleRules } from './features/auth/throttle';
import { registerCrewRoutes } from './features/crew/crew.routes';
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes';
import { registerManagerDashboardRoutes } from './features/dashboard/manager-dashboard.routes';
import { registerDeliveryRoutes } from './features/deliveries/deliveries.routes';
import { registerEmployeeRoutes } from './features/employees/employees.routes';
import { registerFleetRoutes } from './features/fleet/fleet.routes';
import { registerInventoryAlertRoutes } from './features/inventory-alerts/inventory-alerts.routes';
import { registerManagerReports } from './features/manager-reports/manager-reports';
import { EVENT_STREAMS_PER_USER } from './features/notifications/event-hub';
import { registerNotificationRoutes } from './features/notifications/notifications.routes';
import { startNotificationSweeper } from './features/notifications/notifications.service';
import { registerCustomerOrderRoutes } from './features/orders/customer-orders.routes';
import { PlacementBatcher } from './features/orders/order-placement.queries';
import { registerOrderReturnRoutes } from './features/orders/order-returns.routes';
import { registerOrderSchedulingRoutes } from './features/orders/order-scheduling.routes';
import { registerOrderRoutes } from './features/orders/orders.routes';
import { plannerThreads } from './features/planning/planner-pool';
import { registerPlanningRoutes } from './features/planning/planning.routes';
import { registerProductRoutes } from './features/products/products.routes';
import { registerPublicFiguresRoutes } from './features/public-figures/public-figures.routes';
import { registerSearchRoutes } from './features/search/search.routes';
import { registerStockReportRoutes } from './features/stock-reports/stock-reports.routes';
import { registerStoreRoutes } from './features/stores/stores.routes';
import { registerSupportRoutes } from './features/support/support.routes';
import { registerTrainTripRoutes } from './features/trains/train-trips.routes';
import { registerUserRoutes } from './features/users/users.routes';
import { registerWarehouseDashboardRoutes } from './features/warehouse-dashboard/warehouse-dashboard.routes';
import { registerAuthentication } from './http/authenticate';
import { registerContentTypePolicy } from './http/content-types';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/error-handler';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNREACHABLE } from './http/errors';
import { HEAVY_WORK_LIMITS, HeavyWork, type HeavyWorkLimits, registerHeavyWork } from './http/heavy-work';
import { AppMetrics, type MetricsText, registerMetrics } from './http/metrics';
import { registerQueryCancel } from './http/query-cancel';
import { registerRequestLog, requestId } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { createSerializerCompiler } from './http/serializer';
import { createTokenService } from './http/tokens';
import { registerUploadCleanup } from './http/uploads';
import { UserCache } from './http/user-cache';
import { validatorWithNulCheck } from './http/validation';
import { FileStore } from './lib/file-store';
import { pdfThreads } from './workers/pdf-pool';

export interface BuildAppOptions {
  db: Db;
  jwtSecret: string;
  tokenTtlMinutes?: number;
  clock?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app (dist/web); omitted: API only. */
  webRoot?: string;
  /** Attempt limits of sign-in and registration (default THROTTLE_RULES). */
  throttleRules?: Partial<ThrottleRules>;
  /**
   * Where uploaded files are kept (DATA_DIR/attachments). Omitted (tests, tools): a temporary
   * folder that is removed when the app closes.
   */
  filesDir?: string;
  /** Client timeouts (default CLIENT_TIMEOUTS); tests make them short. */
  timeouts?: Partial<typeof CLIENT_TIMEOUTS>;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe for the client address (TRUST_PROXY). */
  trustProxy?: boolean | number | string;
  /** The database's LISTEN/NOTIFY (Database.listen); omitted, features that need it fail loudly. */
  listen?: Listen;
  /** Database.queries: a request's statements are cancelled when its client goes away. */
  queries?: QueryTracker;
  /** Database.ping: GET /api/health's check; omitted, a `select 1` through `db`. */
  pingDatabase?: (timeoutMs: number) => Promise<void>;
  /** Database.pingPooler: GET /api/health's `pooler` (DATABASE_POOL_MODE=transaction). */
  pingPooler?: (timeoutMs: number) => Promise<void>;
  /** The reports' read replica (REPORTS_DATABASE_URL; db/replica.ts); omitted, reports read `db`. */
  reportReads?: ReportReads;
  /**
   * Keep the users behind tokens in memory, dropped through the database's notifications
   * (needs `listen`; http/user-cache.ts). The server turns it on; tests that change users and
   * expect the very next request to see it leave it off.
   */
  cacheUsers?: boolean;
  /**
   * Keep the landing page's public figures in memory for a few seconds (decision 0052). The
   * server turns it on; tests that write and expect the very next answer to count it leave it off.
   */
  cachePublicFigures?: boolean;
  /**
   * Sweep the notifications time makes (a delivery starting soon, one running late) this often,
   * in milliseconds. The server sets it; tests that move the clock sweep by hand.
   */
  sweepNotificationsEveryMs?: number;
  /**
   * Write every response both through its compiled schema and through zod + JSON.stringify and
   * fail on any difference (http/serializer.ts). The test harness turns it on.
   */
  checkResponses?: boolean;
  /** Event streams one user may hold open on this process (EVENT_STREAMS_PER_USER; decision 0069). */
  eventStreamsPerUser?: number;
  /** Turns of heavy work: reports, exports, PDFs, plans (default HEAVY_WORK_LIMITS; decision 0074). */
  heavyWork?: HeavyWorkLimits;
  /**
   * METRICS_TOKEN: GET /api/metrics answers to `Authorization: Bearer <it>` (http/metrics.ts;
   * decision 0080). Omitted: requests are not timed and GET /api/metrics is 404 like any unknown path.
   */
  metricsToken?: string;
  /** What GET /api/metrics answers; default this process's figures (main.ts: all processes'). */
  metricsText?: (local: AppMetrics) => MetricsText;
  /** Database.pool: the connections of the pool, for the metrics. */
  poolState?: () => PoolState;
}

/**
 * How long a client may take (docs/decisions/0009): a connection silent for `idleMs` is closed
 * (a client that sent headers or part of a body and stopped); the headers must arrive within
 * `headersMs` and the whole request (a 25 MB upload included) within `requestMs`, else 408.
 */
export const CLIENT_TIMEOUTS = { idleMs: 30_000, headersMs: 15_000, requestMs: 120_000 };

/** The largest JSON or form-encoded request body (an order with 100 lines is a few KB). */
export const MAX_BODY_BYTES = 1024 * 1024;

const FEATURES: Array<(app: App, ctx: AppContext) => void> = [
  registerAuthRoutes,
  registerProductRoutes,
  registerOrderRoutes,
  registerCustomerOrderRoutes,
  registerDashboardRoutes,
  registerSupportRoutes,
  registerEmployeeRoutes,
  registerWarehouseDashboardRoutes,
  registerStoreRoutes,
  registerInventoryAlertRoutes,
  registerStockReportRoutes,
  registerTrainTripRoutes,
  registerOrderSchedulingRoutes,
  registerOrderReturnRoutes,
  registerDeliveryRoutes,
  registerFleetRoutes,
  registerManagerDashboardRoutes,
  registerManagerReports,
  registerSearchRoutes,
  registerPlanningRoutes,
  registerAdminDashboardRoutes,
  registerUserRoutes,
  registerAuditLogRoutes,
  registerFinancialReports,
  registerBusinessReports,
  registerCrewRoutes,
  registerNotificationRoutes,
  registerPublicFiguresRoutes,
];

export async function buildApp(options: BuildAppOptions) {
  const clock = options.clock ?? (() => new Date());
  const timeouts = { ...CLIENT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: options.logger ?? false,
    // one line per request, from http/request-log.ts
    logController: new LogController({ disableRequestLogging: true }),
    // the caller's well-formed X-Request-Id, else a new UUID; answered in X-Request-Id
    genReqId: requestId,
    // JSON and form bodies; files come as multipart, streamed (see http/uploads.ts)
    bodyLimit: MAX_BODY_BYTES,
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (options.trustProxy as number)
        : (options.trustProxy ?? false),
    // protocol-level errors answer { detail } too (see http/error-handler.ts)
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorWithNulCheck);
  app.setSerializerCompiler(createSerializerCompiler({ check: options.checkResponses }));

  const filesDir = options.filesDir ?? mkdtempSync(join(tmpdir(), 'kandypack-files-'));
  if (!options.filesDir) app.addHook('onClose', async () => rm(filesDir, { recursive: true, force: true }));
  const ctx: AppContext = {
    db: options.db,
    clock,
    tokens: createTokenService(options.jwtSecret, options.tokenTtlMinutes ?? 480, clock),
    listen:
      options.listen ??
      (() => Promise.reject(new Error('This app was built without database notifications (listen)'))),
    files: new FileStore(filesDir),
    authThrottle: new AuthThrottle(options.db, clock, { ...THROTTLE_RULES, ...options.throttleRules }),
    placements: new PlacementBatcher(options.db),
    cachePublicFigures: options.cachePublicFigures ?? false,
    eventStreamsPerUser: options.eventStreamsPerUser ?? EVENT_STREAMS_PER_USER,
    readings: { openEventStreams: () => 0 },
    ...(options.reportReads ? { reportReads: options.reportReads } : {}),
  };
  const heavyWork = new HeavyWork(options.heavyWork ?? HEAVY_WORK_LIMITS);
  const metrics = new AppMetrics({
    pool: options.poolState,
    heavyWork,
    openEventStreams: () => ctx.readings.openEventStreams(),
    threads: { pdf: pdfThreads, planner: plannerThreads },
    ...(options.reportReads ? { replicaLagMs: options.reportReads.lastLagMs } : {}),
  });
  // before any route: each route gets its timing hook when it is registered
  if (options.metricsToken)
    registerMetrics(app, metrics, options.metricsToken, options.metricsText?.(metrics));

  registerRequestLog(app);
  if (options.queries) registerQueryCancel(app, options.queries);
  registerErrorHandler(app);
  registerContentTypePolicy(app);
  await registerSecurityHeaders(app);
  await app.register(formbody);
  // each upload route passes its own limits (http/uploads.ts); these hold for any other
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 10, fields: 20, fieldSize: MAX_BODY_BYTES, parts: 40 },
  });
  registerUploadCleanup(app, ctx.files);
  await app.register(swagger, {
    openapi: {
      info: { title: 'KandyPack Portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // no validator badge: it would fetch from validator.swagger.io, which the CSP does not allow
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  const userCache =
    options.cacheUsers && options.listen ? new UserCache(options.db, options.listen) : undefined;
  if (userCache) {
    app.addHook('onReady', () => userCache.start());
    app.addHook('onClose', () => userCache.stop());
  }
  const declaredRoutes = registerAuthentication(app, options.db, ctx.tokens, userCache);
  registerHeavyWork(app, heavyWork);
  registerHealth(app, {
    ping: options.pingDatabase ?? (() => options.db.execute(sql`select 1`).then(() => undefined)),
    pingPooler: options.pingPooler,
    replica: options.reportReads,
  });
  for (const feature of FEATURES) feature(app, ctx);
  if (options.sweepNotificationsEveryMs) {
    const stopSweeping = startNotificationSweeper(app, ctx, options.sweepNotificationsEveryMs);
    app.addHook('onClose', async () => stopSweeping());
  }

  const webRoot = options.webRoot;
  const hasWeb = !!webRoot && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt bundle is served without a restart;
    // preCompressed: the build writes each text asset's .br and .gz beside it (vite.config.ts),
    // sent to a browser that accepts them (a third of the bytes: decision 0088)
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      // set below: a built asset's name carries its content's hash, so it never changes under that
      // name; the page (and anything else) is asked again each time, as it names the newest build
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // the answer depends on the request's Accept-Encoding: a shared cache must keep both
        res.setHeader('vary', 'Accept-Encoding');
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api') || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ detail: `Not found: ${request.method} ${path}` });
    }
    // the React app owns every other path (client-side routing)
    return reply.type('text/html').sendFile('index.html');
  });

  return Object.assign(app, { declaredRoutes, ctx, heavyWork, metrics });
}

/** How long GET /api/health waits for the database's `select 1`. */
export const HEALTH_PING_TIMEOUT_MS = 2000;

type Reachable = 'ok' | 'unreachable';

/** The read replica as GET /api/health states it, with its lag bound when one is known. */
async function replicaHealth(replica: ReportReads | undefined) {
  if (!replica) return { replica: 'not configured' };
  const now = await replica.state();
  return now.state === 'unreachable'
    ? { replica: now.state }
    : { replica: now.state, replica_lag_ms: now.lagMs };
}

/**
 * GET /api/health: the server answers, and so do the database, the pooler and the replica
 * (decisions 0070, 0087). 200 `{ status: 'ok', database: 'ok', replica, pooler }`; 503 with a
 * detail and Retry-After when the database (or, configured, the pooler) gave no answer to
 * `select 1` within HEALTH_PING_TIMEOUT_MS. `pooler` is 'ok' or 'unreachable' with
 * DATABASE_POOL_MODE=transaction, else 'not configured'; `replica` (REPORTS_DATABASE_URL) is
 * 'ok', 'behind' (further than REPORTS_MAX_LAG_MS: reports read the primary) or 'unreachable',
 * with `replica_lag_ms`, else 'not configured'. A replica's trouble leaves the status 'ok': the
 * reports read the primary meanwhile.
 */
function registerHealth(
  app: FastifyInstance,
  checks: {
    ping: (timeoutMs: number) => Promise<void>;
    pingPooler?: (timeoutMs: number) => Promise<void>;
    replica?: ReportReads;
  },
): void {
  const reach = async (ping: (timeoutMs: number) => Promise<void>, what: string, log: FastifyBaseLogger) => {
    try {
      await ping(HEALTH_PING_TIMEOUT_MS);
      return 'ok' as Reachable;
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, `health: ${what} not reachable`);
      return 'unreachable' as Reachable;
    }
  };
  app.get('/api/health', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const [database, pooler, replica] = await Promise.all([
      reach(checks.ping, 'database', request.log),
      checks.pingPooler ? reach(checks.pingPooler, 'pooler', request.log) : ('not configured' as const),
      replicaHealth(checks.replica),
    ]);
    if (database === 'ok' && pooler !== 'unreachable') return { status: 'ok', database, ...replica, pooler };
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: 'unavailable', database, ...replica, pooler, detail: DATABASE_UNREACHABLE });
  });
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
