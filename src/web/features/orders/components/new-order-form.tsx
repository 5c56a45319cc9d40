import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MAX_SCHEDULE_DAYS_AHEAD, ORDER_LEAD_DAYS } from '#shared/constants';
import type { Product } from '#shared/contract/products';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { Textarea } from '#web/components/ui/textarea';
import { formatDate } from '#web/lib/format';
import { useCreateOrder } from '../api/create-order';
import { DELIVERY_CITIES } from '../lib/delivery-cities';
import { maxDeliveryDate, minDeliveryDate } from '../lib/delivery-date';
import {
  emptyNewOrderForm,
  type NewOrderFormValues,
  newOrderFormSchema,
  toCreateOrderRequest,
} from '../lib/new-order-schema';
import { computeOrderTotals } from '../lib/order-totals';
import { AttachmentPicker } from './attachment-picker';
import { OrderItemLines } from './order-item-lines';
import { OrderSubmitResult, type SubmitResult } from './order-submit-result';
import { OrderSummaryPanel } from './order-summary-panel';

const CITY_OPTIONS = DELIVERY_CITIES.map((city) => ({ value: city, label: city }));

export interface NewOrderFormProps {
  products: readonly Product[];
  customerId: number | null;
  /** Why this user cannot order (not logged in, no customer profile); blocks submitting. */
  blockedReason: string | null;
  onPlaced?: (orderId: number) => void;
  /** A product the first line starts with (`/customer/new-order?product=`, from search). */
  initialProductId?: number | null;
  /** Where the delivery details start (the last order's address, else the sign-up one), and why. */
  initialDelivery?: { address: string; city: string; hint: string } | null;
}

/** The new-order form (docs/product/portals.md#forms-and-messages) with a live order summary. */
export function NewOrderForm({
  products,
  customerId,
  blockedReason,
  onPlaced,
  initialProductId = null,
  initialDelivery = null,
}: NewOrderFormProps) {
  const [delivery, setDelivery] = useState(initialDelivery);
  const minDate = useMemo(() => minDeliveryDate(), []);
  const maxDate = useMemo(() => maxDeliveryDate(), []);
  const schema = useMemo(() => newOrderFormSchema(minDate, maxDate), [minDate, maxDate]);
  const form = useForm<NewOrderFormValues>({
    resolver: zodResolver(schema),
    defaultValues: products.some((p) => p.product_id === initialProductId)
      ? {
          ...emptyNewOrderForm(delivery ?? undefined),
          items: [{ productId: String(initialProductId), quantity: 1 }],
        }
      : emptyNewOrderForm(delivery ?? undefined),
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const items = useWatch({ control, name: 'items' });
  const totals = useMemo(() => computeOrderTotals(items ?? [], products), [items, products]);
  const [files, setFiles] = useState<File[]>([]);
  const [result, setResult] = useState<SubmitResult | null>(null);
  // Remounts the file picker after an order so its rejected-file messages go too.
  const [placedCount, setPlacedCount] = useState(0);
  const createOrder = useCreateOrder();

  const onSubmit = handleSubmit((values) => {
    if (blockedReason || customerId === null) return;
    setResult(null);
    createOrder.mutate(
      { customerId, request: toCreateOrderRequest(values), files },
      {
        onSuccess: (created) => {
          setResult({ kind: 'success', orderId: created.order_id });
          // the next order starts from the address just used
          const used = {
            address: values.deliveryAddress.trim(),
            city: values.city,
            hint: 'The address of your last order. Change it if this order goes elsewhere.',
          };
          setDelivery(used);
          reset(emptyNewOrderForm(used));
          setFiles([]);
          setPlacedCount((n) => n + 1);
          onPlaced?.(created.order_id);
        },
        onError: (error) => setResult({ kind: 'error', detail: error.message }),
      },
    );
  });

  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        {blockedReason && <Alert variant="error">{blockedReason}</Alert>}
        {result && (
          <OrderSubmitResult key={JSON.stringify(result)} result={result} onDismiss={() => setResult(null)} />
        )}
        <Card>
          <CardHeader
            title="Delivery date"
            description={`Orders need at least ${ORDER_LEAD_DAYS} days' lead time and can be booked up to ${MAX_SCHEDULE_DAYS_AHEAD} days ahead.`}
          />
          <CardBody>
            <Input
              label="Delivery date"
              type="date"
              min={minDate}
              max={maxDate}
              required
              hint={`From ${formatDate(minDate)} to ${formatDate(maxDate)}`}
              error={errors.scheduleDate?.message}
              containerClassName="max-w-xs"
              {...register('scheduleDate')}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Items" />
          <CardBody>
            <OrderItemLines
              control={control}
              register={register}
              errors={errors}
              products={products}
              totals={totals}
              submitted={formState.isSubmitted}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Delivery details" />
          <CardBody className="space-y-4">
            <Textarea
              label="Delivery address"
              rows={2}
              required
              hint={delivery?.address ? delivery.hint : undefined}
              error={errors.deliveryAddress?.message}
              {...register('deliveryAddress')}
            />
            <Select
              label="City"
              optional
              placeholder="Select a city"
              options={CITY_OPTIONS}
              {...register('city')}
            />
            <Textarea
              label="Special instructions"
              optional
              rows={3}
              error={errors.specialInstructions?.message}
              {...register('specialInstructions')}
            />
            <AttachmentPicker key={placedCount} files={files} onChange={setFiles} />
          </CardBody>
        </Card>
      </div>
      <div className="space-y-4 lg:sticky lg:top-6 lg:self-start">
        <OrderSummaryPanel totals={totals} />
        <Button type="submit" size="lg" className="w-full" loading={createOrder.isPending}>
          Place Order
        </Button>
      </div>
    </form>
  );
}
