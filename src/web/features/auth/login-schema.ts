import { z } from 'zod';
import { MAX_LOGIN_LENGTH, MAX_PASSWORD_LENGTH } from '#shared/contract/auth';

/** Username and password required (docs/product/portals.md#forms-and-messages). */
export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .max(MAX_LOGIN_LENGTH, `Username must be at most ${MAX_LOGIN_LENGTH} characters`),
  password: z
    .string()
    .min(1, 'Password is required')
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** The one message a failed sign-in shows (docs/product/portals.md#forms-and-messages). */
export const LOGIN_FAILED_MESSAGE = 'Invalid credentials or server unavailable';
export const NO_PORTAL_MESSAGE = 'Your account has no portal access yet. Please contact an administrator.';
