import { z } from 'zod';
import { MAX_SCHEDULE_DAYS_AHEAD, ORDER_LEAD_DAYS } from '#shared/constants';
import type { ChangeOrderRequest } from '#shared/contract/customer-orders';
import type { CreateOrderRequest } from '#shared/contract/orders';
import { formatDate } from '#web/lib/format';
import { isAllowedDeliveryDate } from './delivery-date';

/** The new-order form's messages (docs/product/portals.md#forms-and-messages). */
export const NEW_ORDER_MESSAGES = {
  dateRequired: 'Please select a delivery date',
  productRequired: 'Please select a product for all items',
  quantity: 'Quantity must be at least 1',
  addressRequired: 'Please enter a delivery address',
  notLoggedIn: 'Please log in to place an order',
  noCustomer: 'Your account is not linked to a customer profile. Please contact support.',
  failed: 'Failed to place order. Please try again.',
} as const;

/**
 * The delivery date: from `minDate` to `maxDate`. `keptDate` (changing an order) is the date the
 * order already has: kept as it is, it needs no new lead time (decision 0063).
 */
function scheduleDateField(minDate: string, maxDate?: string, keptDate?: string) {
  const kept = (value: string) => value === '' || (keptDate !== undefined && value === keptDate);
  return z
    .string()
    .trim()
    .min(1, NEW_ORDER_MESSAGES.dateRequired)
    .refine(
      (value) => kept(value) || isAllowedDeliveryDate(value, minDate),
      `Delivery date must be at least ${ORDER_LEAD_DAYS} days from today (${formatDate(minDate)} or later)`,
    )
    .refine(
      (value) => kept(value) || maxDate === undefined || value <= maxDate,
      maxDate
        ? `Delivery date can be at most ${MAX_SCHEDULE_DAYS_AHEAD} days from today (${formatDate(maxDate)} or earlier)`
        : '',
    );
}

/** The form's own shape: selects hold strings, the quantity input a number (NaN when empty). */
export function newOrderFormSchema(minDate: string, maxDate?: string) {
  return z.object({
    scheduleDate: scheduleDateField(minDate, maxDate),
    items: z
      .array(
        z.object({
          productId: z.string(),
          quantity: z
            .number({ error: NEW_ORDER_MESSAGES.quantity })
            .int('Quantity must be a whole number')
            .min(1, NEW_ORDER_MESSAGES.quantity),
        }),
      )
      .min(1, NEW_ORDER_MESSAGES.productRequired)
      .refine((items) => items.every((item) => item.productId !== ''), NEW_ORDER_MESSAGES.productRequired),
    deliveryAddress: z.string().trim().min(1, NEW_ORDER_MESSAGES.addressRequired).max(500),
    city: z.string(),
    specialInstructions: z.string().max(2000, 'Special instructions can be at most 2000 characters'),
  });
}

export type NewOrderFormValues = z.infer<ReturnType<typeof newOrderFormSchema>>;

/** An empty form; `delivery` pre-fills the address and city (the customer's last or sign-up address). */
export function emptyNewOrderForm(delivery?: { address: string; city: string | null }): NewOrderFormValues {
  return {
    scheduleDate: '',
    items: [{ productId: '', quantity: 1 }],
    deliveryAddress: delivery?.address ?? '',
    city: delivery?.city ?? '',
    specialInstructions: '',
  };
}

/** The API request from valid form values; two lines of the same product become one item. */
export function toCreateOrderRequest(values: NewOrderFormValues): CreateOrderRequest {
  const quantities = new Map<number, number>();
  for (const item of values.items) {
    const id = Number(item.productId);
    quantities.set(id, (quantities.get(id) ?? 0) + item.quantity);
  }
  const city = values.city.trim();
  const instructions = values.specialInstructions.trim();
  return {
    scheduleDate: values.scheduleDate.trim(),
    items: [...quantities].map(([productID, quantity]) => ({ productID, quantity })),
    deliveryAddress: values.deliveryAddress.trim(),
    ...(city ? { city } : {}),
    ...(instructions ? { specialInstructions: instructions } : {}),
  };
}

/**
 * The form changing a Pending order (decision 0063): the same date and item rules as placing
 * one, the date it already has kept as agreed; the delivery details are shown, not changed.
 */
export function changeOrderFormSchema(minDate: string, maxDate: string, keptDate: string) {
  return newOrderFormSchema(minDate, maxDate).extend({
    scheduleDate: scheduleDateField(minDate, maxDate, keptDate),
    deliveryAddress: z.string(),
  });
}

/** The change form's starting values: the order as it is. */
export function changeOrderFormValues(order: {
  schedule_date: string;
  items: ReadonlyArray<{ product_id: number; quantity: number }>;
  delivery_address: string;
}): NewOrderFormValues {
  return {
    scheduleDate: order.schedule_date,
    items: order.items.map((item) => ({ productId: String(item.product_id), quantity: item.quantity })),
    deliveryAddress: order.delivery_address,
    city: '',
    specialInstructions: '',
  };
}

/** PATCH /orders/{id}: the whole new item list (two lines of one product summed) and the date. */
export function toChangeOrderRequest(values: NewOrderFormValues): ChangeOrderRequest {
  const { scheduleDate, items } = toCreateOrderRequest(values);
  return { scheduleDate, items };
}
