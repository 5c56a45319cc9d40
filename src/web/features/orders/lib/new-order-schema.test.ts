import { describe, expect, it } from 'vitest';
import {
  emptyNewOrderForm,
  NEW_ORDER_MESSAGES,
  type NewOrderFormValues,
  newOrderFormSchema,
  toCreateOrderRequest,
} from './new-order-schema';

const schema = newOrderFormSchema('2025-01-17', '2026-01-10');

function valid(overrides: Partial<NewOrderFormValues> = {}): NewOrderFormValues {
  return {
    scheduleDate: '2025-01-20',
    items: [{ productId: '3', quantity: 2 }],
    deliveryAddress: '12 Galle Road, Colombo 03',
    city: 'Colombo',
    specialInstructions: '',
    ...overrides,
  };
}

function messages(values: NewOrderFormValues): string[] {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('newOrderFormSchema', () => {
  it('accepts a complete order', () => {
    expect(messages(valid())).toEqual([]);
  });

  it('asks for a delivery date', () => {
    expect(messages(valid({ scheduleDate: '' }))).toEqual([NEW_ORDER_MESSAGES.dateRequired]);
  });

  it('refuses a date inside the lead time', () => {
    expect(messages(valid({ scheduleDate: '2025-01-16' }))[0]).toMatch(/at least 7 days/);
  });

  it('refuses a date past the booking horizon', () => {
    expect(messages(valid({ scheduleDate: '2026-01-10' }))).toEqual([]);
    expect(messages(valid({ scheduleDate: '9999-01-01' }))[0]).toMatch(/at most 365 days from today/);
  });

  it('asks for a product on every line', () => {
    const values = valid({
      items: [
        { productId: '3', quantity: 1 },
        { productId: '', quantity: 1 },
      ],
    });
    expect(messages(values)).toEqual([NEW_ORDER_MESSAGES.productRequired]);
  });

  it('needs a quantity of at least 1', () => {
    expect(messages(valid({ items: [{ productId: '3', quantity: 0 }] }))).toEqual([
      NEW_ORDER_MESSAGES.quantity,
    ]);
    expect(messages(valid({ items: [{ productId: '3', quantity: Number.NaN }] }))).toEqual([
      NEW_ORDER_MESSAGES.quantity,
    ]);
  });

  it('needs a delivery address', () => {
    expect(messages(valid({ deliveryAddress: '   ' }))).toEqual([NEW_ORDER_MESSAGES.addressRequired]);
  });

  it('starts with one empty line', () => {
    expect(emptyNewOrderForm().items).toEqual([{ productId: '', quantity: 1 }]);
  });
});

describe('toCreateOrderRequest', () => {
  it('maps the form to the API request and drops empty optional fields', () => {
    expect(toCreateOrderRequest(valid({ city: '', deliveryAddress: ' 5 Main St ' }))).toEqual({
      scheduleDate: '2025-01-20',
      items: [{ productID: 3, quantity: 2 }],
      deliveryAddress: '5 Main St',
    });
  });

  it('merges lines of the same product and keeps city and instructions', () => {
    const request = toCreateOrderRequest(
      valid({
        items: [
          { productId: '3', quantity: 2 },
          { productId: '5', quantity: 1 },
          { productId: '3', quantity: 4 },
        ],
        specialInstructions: ' Call on arrival ',
      }),
    );
    expect(request.items).toEqual([
      { productID: 3, quantity: 6 },
      { productID: 5, quantity: 1 },
    ]);
    expect(request.city).toBe('Colombo');
    expect(request.specialInstructions).toBe('Call on arrival');
  });
});
