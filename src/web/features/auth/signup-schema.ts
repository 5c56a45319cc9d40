import { z } from 'zod';
import type { RegistrationRequest } from '#shared/contract/auth';

/**
 * Sign Up fields (docs/product/portals.md#forms-and-messages). Lengths and the username alphabet
 * mirror the server's registration contract so that the person sees the problem before submitting.
 */
export const signupSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Full name is required')
    .max(120, 'Full name must be at most 120 characters'),
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dot, dash or underscore only'),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Enter a valid email address').max(200, 'Email must be at most 200 characters')),
  contactNumber: z.string().trim().max(40, 'Contact number must be at most 40 characters'),
  address: z.string().trim().max(300, 'Company or address must be at most 300 characters'),
});
export type SignupValues = z.input<typeof signupSchema>;

/**
 * The registration payload the server expects; self-registered customers are Retail
 * (docs/product/business-rules.md#the-company).
 */
export function toRegistrationPayload(values: z.output<typeof signupSchema>): RegistrationRequest {
  return {
    username: values.username,
    password: values.password,
    name: values.name,
    email: values.email,
    type: 'Retail',
    address: values.address,
    city: '',
    contactNumber: values.contactNumber || null,
  };
}

export const SIGNUP_SUCCESS_MESSAGE = 'Account created successfully! Redirecting to customer portal...';

export function signupFailedMessage(detail: string): string {
  const clean = detail.trim().replace(/\.+$/, '') || 'unknown error';
  return `Signup failed: ${clean}. Ensure the backend is running and the API URL is set.`;
}
