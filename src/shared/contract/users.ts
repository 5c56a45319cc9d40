import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './auth';
import { idNumber, intString, pageQuery } from './common';

const userName = z
  .string({ error: 'username is required' })
  .trim()
  .min(3, 'username must be at least 3 characters')
  .max(50, 'username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._ -]+$/, 'username may contain letters, digits, spaces, dot, dash and underscore only');
const email = z
  .string({ error: 'email is required' })
  .trim()
  .email('email must be a valid email address')
  .max(200, 'email must be at most 200 characters');
const password = z
  .string({ error: 'password is required' })
  .min(8, 'password must be at least 8 characters')
  .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`);
const roleName = z
  .string({ error: 'role is required' })
  .trim()
  .min(1, 'role is required')
  .max(80, 'role must be at most 80 characters');

/** GET /users row (the user of docs/product/api.md#users-and-roles, with what the admin screen shows). */
export const userSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  role: z.string(),
  role_id: z.number().int(),
  employee_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  /** The linked staff record's name, or the linked customer's. */
  linked_name: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
export const userListResponse = z.array(userSchema);

export const userListQuery = pageQuery(20, 100).extend({
  /** Part of the username, email or role name. */
  q: z.string().trim().max(100).optional(),
  role_id: intString(1, 2_147_483_647).optional(),
});

/**
 * POST /users (the create-user payload the API contract keeps, docs/product/api.md#users-and-roles). `role`
 * is the role's name.
 */
export const createUserRequest = z.object({
  username: userName,
  email,
  role: roleName,
  password,
  employee_id: idNumber.nullable().optional(),
  customer_id: idNumber.nullable().optional(),
});
export type CreateUserRequest = z.input<typeof createUserRequest>;

/** PUT /users/{id}: any of these; `password` resets it; null unlinks an employee or customer. */
export const updateUserRequest = z
  .object({
    username: userName.optional(),
    email: email.optional(),
    role: roleName.optional(),
    password: password.optional(),
    employee_id: idNumber.nullable().optional(),
    customer_id: idNumber.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change: send at least one field');
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

/**
 * A role (docs/product/api.md#compatibility-promise): answers carry `accessRights`; requests may say
 * `access_rights`.
 */
export const roleSchema = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  accessRights: z.string(),
  /** The portal the role's name leads to (admin, manager, ...), or null: none. */
  portal: z.string().nullable(),
  /** Users (not deleted) holding the role. */
  user_count: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListResponse = z.array(roleSchema);

const accessRights = z.string().trim().max(2000, 'access rights must be at most 2000 characters');

/** Either spelling of the access rights; `accessRights` wins when both are sent. */
const withRights = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, accessRights: accessRights.optional(), access_rights: accessRights.optional() });

export const createRoleRequest = withRights({
  role_name: z
    .string({ error: 'role_name is required' })
    .trim()
    .min(1, 'role_name is required')
    .max(80, 'role_name must be at most 80 characters'),
})
  .transform((v) => ({ role_name: v.role_name, accessRights: v.accessRights ?? v.access_rights ?? '' }))
  .refine((v) => v.accessRights.length > 0, { message: 'accessRights is required', path: ['accessRights'] });
export type CreateRoleRequest = z.input<typeof createRoleRequest>;

export const updateRoleRequest = withRights({
  role_name: z.string().trim().min(1, 'role_name must not be empty').max(80).optional(),
})
  .transform((v) => ({ role_name: v.role_name, accessRights: v.accessRights ?? v.access_rights }))
  .refine((v) => v.role_name !== undefined || v.accessRights !== undefined, 'send accessRights or role_name')
  .refine((v) => v.accessRights === undefined || v.accessRights.length > 0, {
    message: 'accessRights must not be empty',
    path: ['accessRights'],
  });
export type UpdateRoleRequest = z.input<typeof updateRoleRequest>;
