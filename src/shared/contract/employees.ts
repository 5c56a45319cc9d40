import { z } from 'zod';
import { decimal } from './common';

export const EMPLOYEE_TYPES = ['Driver', 'Assistant', 'Manager', 'Warehouse Manager', 'Admin'] as const;
export const employeeTypeSchema = z.enum(EMPLOYEE_TYPES);

/**
 * GET /employees row: the contract's employee (employee_id, firstName, lastName, type;
 * docs/product/api.md#employees) and its record.
 */
export const employeeSchema = z.object({
  employee_id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  type: employeeTypeSchema,
  store_id: z.number().int().nullable(),
  store_city: z.string().nullable(),
  weekly_hour_limit: z.number().nullable(),
  contact_number: z.string().nullable(),
  is_active: z.boolean(),
  /** The login linked to this employee, if any. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeeListResponse = z.array(employeeSchema);

export const employeeListQuery = z.object({
  type: employeeTypeSchema.optional(),
  /** Inactive (former) employees are left out unless asked for. */
  include_inactive: z.enum(['true', 'false']).default('false'),
});

const name = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(60, `${field} must be at most 60 characters`);

/** POST /employees: a staff record (an admin hires a driver, then gives them a login). */
export const createEmployeeRequest = z.object({
  firstName: name('firstName'),
  lastName: name('lastName'),
  type: employeeTypeSchema,
  store_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  /** Hours a week the roster may give; none: the type's default (40 drivers, 60 assistants). */
  weekly_hour_limit: decimal({ field: 'weekly_hour_limit', scale: 1, min: 0, above: true, max: 168 })
    .nullable()
    .optional(),
  contact_number: z.string().trim().max(40).nullable().optional(),
});
export type CreateEmployeeRequest = z.input<typeof createEmployeeRequest>;

/** PUT /employees/{id}: any of the fields; `is_active: false` marks a former employee. */
export const updateEmployeeRequest = createEmployeeRequest
  .partial()
  .extend({ is_active: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change: send at least one field');
export type UpdateEmployeeRequest = z.input<typeof updateEmployeeRequest>;
