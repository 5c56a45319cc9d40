import { z } from 'zod';
import { MAX_COUNT_UNITS, MAX_RECEIPT_UNITS } from '#shared/stock';

/**
 * Units typed in a field: a whole number from min to max (the stock count of
 * docs/product/portals.md#forms-and-messages).
 */
export function parseUnits(
  text: string,
  min = 0,
  max = MAX_COUNT_UNITS,
): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'Enter the number of units' };
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: 'Units must be a number' };
  const value = Number(trimmed);
  if (!Number.isInteger(value)) return { ok: false, error: 'Units must be a whole number' };
  if (value < min) return { ok: false, error: `Units must be at least ${min}` };
  if (value > max) return { ok: false, error: `Units must be at most ${max.toLocaleString('en-US')}` };
  return { ok: true, value };
}

/** A numeric text field of a form, checked like the server checks it, with its label in the messages. */
function numberField(label: string, rule: { min: number; max: number; decimals: number; above?: boolean }) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => /^\d+(\.\d+)?$/.test(v), `${label} must be a number`)
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= rule.decimals, {
      message:
        rule.decimals === 0
          ? `${label} must be a whole number`
          : `${label} has at most ${rule.decimals} decimals`,
    })
    .transform(Number)
    .refine((n) => (rule.above ? n > rule.min : n >= rule.min), {
      message: `${label} must be ${rule.above ? 'more than' : 'at least'} ${rule.min}`,
    })
    .refine((n) => n <= rule.max, `${label} must be at most ${rule.max.toLocaleString('en-US')}`);
}

export const productFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
  category: z.string().trim().min(1, 'Category is required').max(60, 'Category is at most 60 characters'),
  unit_price: numberField('Unit price', { min: 0, max: 1_000_000, decimals: 2 }),
  space_per_unit: numberField('Space per unit', { min: 0, max: 1000, decimals: 3, above: true }),
  reorder_point: numberField('Reorder point', { min: 0, max: 1_000_000, decimals: 0 }),
  initial_units: numberField('Opening stock', { min: 0, max: MAX_COUNT_UNITS, decimals: 0 }),
});
export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;

export const receiptFormSchema = z.object({
  units: numberField('Units', { min: 1, max: MAX_RECEIPT_UNITS, decimals: 0 }),
  note: z.string().trim().max(500, 'Note is at most 500 characters'),
});
export type ReceiptFormValues = z.input<typeof receiptFormSchema>;
export type ReceiptFormOutput = z.output<typeof receiptFormSchema>;
