import { z } from 'zod';

/** Every non-2xx answer of the API. */
export const errorSchema = z.object({ detail: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

export const idParam = z.object({ id: z.coerce.number().int().positive() });
