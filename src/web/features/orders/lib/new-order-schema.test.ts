import { describe, expect, it } from 'vitest';
import {
  changeOrderFormSchema,
  changeOrderFormValues,
  emptyNewOrderForm,
  NEW_ORDER_MESSAGES,
  type NewOrderFormValues,
  newOrderFormSchema,
  toChangeOrderRequest,
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

describe('changing a Pending order (decision 0063)', () => {
  // the order asks for 2025-01-19; days later, a new date must be 2025-01-22 or after
  const change = changeOrderFormSchema('2025-01-22', '2026-01-10', '2025-01-19');
  const order = {
    schedule_date: '2025-01-19',
    items: [{ product_id: 3, quantity: 2 }],
    delivery_address: '',
  };
  const issues = (values: NewOrderFormValues) => {
    const result = change.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('starts from the order as it is, which is valid as it stands (its date kept, no address asked)', () => {
    const values = changeOrderFormValues(order);
    expect(values).toEqual({
      scheduleDate: '2025-01-19',
      items: [{ productId: '3', quantity: 2 }],
      deliveryAddress: '',
      city: '',
      specialInstructions: '',
    });
    expect(issues(values)).toEqual([]);
  });

  it('holds a new date and the items to the rules and messages of a new order', () => {
    const values = changeOrderFormValues(order);
    expect(issues({ ...values, scheduleDate: '2025-01-20' })[0]).toMatch(/at least 7 days from today/);
    expect(issues({ ...values, scheduleDate: '' })).toEqual([NEW_ORDER_MESSAGES.dateRequired]);
    expect(issues({ ...values, items: [{ productId: '', quantity: 1 }] })).toEqual([
      NEW_ORDER_MESSAGES.productRequired,
    ]);
    expect(issues({ ...values, items: [{ productId: '3', quantity: 0 }] })).toEqual([
      NEW_ORDER_MESSAGES.quantity,
    ]);
    expect(issues({ ...values, scheduleDate: '2025-01-22' })).toEqual([]);
  });

  it('sends the whole new item list, lines of one product merged, and the date', () => {
    expect(
      toChangeOrderRequest({
        ...changeOrderFormValues(order),
        items: [
          { productId: '3', quantity: 1 },
          { productId: '3', quantity: 4 },
          { productId: '8', quantity: 2 },
        ],
      }),
    ).toEqual({
      scheduleDate: '2025-01-19',
      items: [
        { productID: 3, quantity: 5 },
        { productID: 8, quantity: 2 },
      ],
    });
  });
});
