import { describe, expect, it } from 'vitest';
import { parseUnits, productFormSchema, receiptFormSchema } from './stock-forms';

describe('parseUnits', () => {
  it('accepts whole numbers of at least 0 and names what is wrong otherwise', () => {
    expect(parseUnits(' 42 ')).toEqual({ ok: true, value: 42 });
    expect(parseUnits('0')).toEqual({ ok: true, value: 0 });
    expect(parseUnits('')).toEqual({ ok: false, error: 'Enter the number of units' });
    expect(parseUnits('-1')).toEqual({ ok: false, error: 'Units must be at least 0' });
    expect(parseUnits('2.5')).toEqual({ ok: false, error: 'Units must be a whole number' });
    expect(parseUnits('abc')).toEqual({ ok: false, error: 'Units must be a number' });
    expect(parseUnits('1e3')).toEqual({ ok: false, error: 'Units must be a number' });
    expect(parseUnits('100000001')).toEqual({ ok: false, error: 'Units must be at most 100,000,000' });
  });
});

describe('product and receipt forms', () => {
  const valid = {
    name: 'Tea',
    category: 'Beverages',
    unit_price: '4.10',
    space_per_unit: '0.25',
    reorder_point: '60',
    initial_units: '0',
  };
  it('turns the fields into the API numbers', () => {
    expect(productFormSchema.parse(valid)).toEqual({
      ...valid,
      unit_price: 4.1,
      space_per_unit: 0.25,
      reorder_point: 60,
      initial_units: 0,
    });
  });
  it('refuses what the server refuses, with the field in the message', () => {
    const error = (change: Record<string, string>) =>
      productFormSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message;
    expect(error({ unit_price: '1.234' })).toBe('Unit price has at most 2 decimals');
    expect(error({ space_per_unit: '0' })).toBe('Space per unit must be more than 0');
    expect(error({ reorder_point: '2.5' })).toBe('Reorder point must be a whole number');
    expect(error({ name: ' ' })).toBe('Name is required');
    expect(receiptFormSchema.safeParse({ units: '0', note: '' }).error?.issues[0]?.message).toBe(
      'Units must be at least 1',
    );
  });
});
