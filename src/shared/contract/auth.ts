import { z } from 'zod';
import { MAX_LOGIN_LENGTH, MAX_PASSWORD_LENGTH } from '../constants';

// in ../constants.ts, which loads no zod: the sign-in form checks them too (decision 0088)
export { MAX_LOGIN_LENGTH, MAX_PASSWORD_LENGTH };

/** POST /auth/login: OAuth2 password form fields, form-encoded. */
export const loginForm = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'username is required')
    .max(MAX_LOGIN_LENGTH, `username must be at most ${MAX_LOGIN_LENGTH} characters`),
  password: z
    .string()
    .min(1, 'password is required')
    .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  scope: z.string().max(200).optional().default(''),
  grant_type: z.string().max(50).optional(),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/**
 * The languages of the portals (issue 26, docs/decisions/0082): English, Sinhala, Tamil. A user's
 * choice is stored on the server; the texts the server makes for them follow it.
 */
export const LANGUAGES = ['en', 'si', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageSchema = z.enum(LANGUAGES, { error: `must be one of: ${LANGUAGES.join(', ')}` });

export const profileResponse = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  role: z.string(),
  customer_id: z.number().int().nullable(),
  employee_id: z.number().int().nullable(),
  /** The name of the user's customer (a person or a company; not the login name), null for staff. */
  customer_name: z.string().nullable(),
  /** The language the user chose; null when never chosen (the web then follows the browser). */
  language: languageSchema.nullable(),
});
export type Profile = z.infer<typeof profileResponse>;

/**
 * POST /auth/register_public_customer: the registration payload the API contract keeps
 * (docs/product/api.md#auth).
 */
export const registrationRequest = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'username must be at least 3 characters')
    .max(50, 'username must be at most 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'username may contain letters, digits, dot, dash and underscore only'),
  password: z
    .string()
    .min(8, 'password must be at least 8 characters')
    .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  name: z.string().trim().min(1, 'name is required').max(120),
  email: z.string().trim().email('email must be a valid email address').max(200),
  type: z.string().max(50).optional(),
  address: z.string().trim().max(300).optional().default(''),
  city: z.string().trim().max(100).optional().default(''),
  contactNumber: z.string().trim().max(40).optional().nullable(),
});
export type RegistrationRequest = z.input<typeof registrationRequest>;
export const registrationResponse = profileResponse;

/** PUT /auth/profile/language: the signed-in user's language (any role). */
export const languageRequest = z.object({ language: languageSchema });
export type LanguageRequest = z.infer<typeof languageRequest>;
