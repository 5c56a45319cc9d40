import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import {
  languageRequest,
  loginForm,
  profileResponse,
  registrationRequest,
  tokenResponse,
} from '#shared/contract/auth';
import { errorSchema } from '#shared/contract/common';
import { checkRegistrationRate, login, profileOf, registerPublicCustomer, setLanguage } from './auth.service';

export function registerAuthRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the OAuth2 password form (form-encoded)',
        consumes: ['application/x-www-form-urlencoded'],
        body: loginForm,
        response: { 200: tokenResponse, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => login(ctx, request.ip, request.body.username, request.body.password),
  );

  app.get(
    '/api/auth/profile',
    {
      config: { permission: 'profile:read' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: profileResponse, 401: errorSchema },
      },
    },
    async (request) => profileOf(ctx, currentUser(request)),
  );

  app.put(
    '/api/auth/profile/language',
    {
      config: { permission: 'profile:language' },
      schema: {
        tags: ['auth'],
        summary:
          "The signed-in user's language (en, si or ta): the portals, notifications and invoices follow it",
        body: languageRequest,
        response: { 200: profileResponse, 401: errorSchema, 422: errorSchema },
      },
    },
    async (request) => setLanguage(ctx, currentUser(request), request.body.language),
  );

  app.post(
    '/api/auth/register_public_customer',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Self-registration of a Retail customer',
        body: registrationRequest,
        response: { 201: profileResponse, 409: errorSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await checkRegistrationRate(ctx, request.ip);
      const created = await registerPublicCustomer(ctx, request.body);
      return reply.status(201).send(created);
    },
  );
}
