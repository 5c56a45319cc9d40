import { z } from 'zod';
import { MAX_ROUTE_HOURS } from '../constants';
import { decimal, decimalFields, idNumber } from './common';
import { TRUCK_STATUSES } from './deliveries';

// The fleet managed in the portal (docs/decisions/0057): the write side of trucks, routes and
// stores, whose lists stay GET /Trucks/trucks, /routes/routes and /stores
// (docs/product/api.md#compatibility-promise).

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((s) => (s === '' ? null : s))
    .nullish();

/** Why a truck has its status: required Under Repair ("what is being repaired, when it is back"). */
export const MAX_STATUS_NOTE = 300;

const statusFields = {
  status: z.enum(TRUCK_STATUSES, { error: `status must be one of: ${TRUCK_STATUSES.join(', ')}` }),
  status_note: optionalText(MAX_STATUS_NOTE),
};

const noteWhenUnderRepair = (v: { status: string; status_note?: string | null }, ctx: z.RefinementCtx) => {
  if (v.status === 'Under Repair' && !v.status_note) {
    ctx.addIssue({
      code: 'custom',
      path: ['status_note'],
      message: 'say what is being repaired (a note is required for Under Repair)',
    });
  }
};

/** PATCH /Trucks/trucks/{id}/status: managers and admins set a truck's condition. */
export const truckStatusRequest = z.object(statusFields).superRefine(noteWhenUnderRepair);
export type TruckStatusRequest = z.input<typeof truckStatusRequest>;

/** A plate as written on the truck: spaces collapsed, upper case ("wp  la-4521" is "WP LA-4521"). */
export const plateNumber = z
  .string({ error: 'plate_number is required' })
  .trim()
  .min(2, 'plate_number must be at least 2 characters')
  .max(20, 'plate_number must be at most 20 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'plate_number may hold only letters, digits, spaces and hyphens')
  .transform((s) => s.replace(/\s+/g, ' ').toUpperCase());

/** POST /Trucks/trucks and PUT /Trucks/trucks/{id} (admins): the whole truck. */
export const truckRequest = z
  .object({
    plate_number: plateNumber,
    capacity: decimal({
      field: 'capacity',
      scale: 2,
      min: 0,
      above: true,
      max: 100_000,
      maxText: '100,000 units of space',
    }),
    store_id: idNumber,
    ...statusFields,
  })
  .superRefine(noteWhenUnderRepair);
export type TruckRequest = z.input<typeof truckRequest>;

/** POST /routes/routes and PUT /routes/routes/{id} (admins). */
export const routeRequest = z.object({
  name: text('name', 80),
  store_id: idNumber,
  /**
   * The town the route ends at (the contract's route `end_location`,
   * docs/product/api.md#trucks-routes-and-deliveries).
   */
  end_location: text('end_location', 80),
  covered_towns: z
    .array(text('a town', 60), { error: 'covered_towns must be a list of towns' })
    .min(1, 'covered_towns must name at least one town')
    .max(40, 'covered_towns may name at most 40 towns')
    .refine(
      (towns) => new Set(towns.map((t) => t.toLowerCase())).size === towns.length,
      'covered_towns must not repeat a town',
    ),
  max_delivery_hours: decimal({
    field: 'max_delivery_hours',
    scale: 1,
    min: 0.5,
    max: MAX_ROUTE_HOURS,
    maxText: `${MAX_ROUTE_HOURS} (a working day)`,
  })
    .refine((n) => Number.isInteger(n * 2), 'max_delivery_hours must be in half hours (e.g. 3 or 3.5)')
    .register(decimalFields, { scale: 1 }),
});
export type RouteRequest = z.input<typeof routeRequest>;

/** POST /stores and PUT /stores/{id} (admins): the store near a city's station. */
export const storeRequest = z.object({
  /** One of the cities the trains serve (GET /cities), with no other store. */
  city: text('city', 60),
  address: text('address', 200),
  near_station_name: text('near_station_name', 80),
  contact_number: optionalText(40),
});
export type StoreRequest = z.input<typeof storeRequest>;

/** GET /cities: the cities served by rail from the hub, and the store each has (if any). */
export const citySchema = z.object({
  city_id: z.number().int(),
  name: z.string(),
  store_id: z.number().int().nullable(),
});
export type City = z.infer<typeof citySchema>;
