import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy the built web
 * app and /api/docs pass (no inline script anywhere: scripts only from this origin), no
 * framing, nosniff, no referrer, same-origin isolation. The sign-in token lives in
 * localStorage, so keeping foreign script out is what protects it.
 *
 * - style-src allows inline style attributes: React components (charts, popovers) position
 *   elements with them; they cannot run code.
 * - no upgrade-insecure-requests: the portal is also served over plain HTTP on a LAN, where
 *   upgrading its own requests to https would break it.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
