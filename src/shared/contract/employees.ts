import { z } from 'zod';

export const EMPLOYEE_TYPES = ['Driver', 'Assistant', 'Manager', 'Warehouse Manager', 'Admin'] as const;
export const employeeTypeSchema = z.enum(EMPLOYEE_TYPES);

/** GET /employees row: the portal-spec §3 employee (employee_id, firstName, lastName, type) and its record. */
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
