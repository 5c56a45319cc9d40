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
import { cityName } from '#web/i18n/city-name';
import { useFormat, useT } from '#web/i18n/provider';
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
  const t = useT();
  const f = useFormat();

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
            hint: t('order.new.hintLastOrder'),
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
  const cityOptions = DELIVERY_CITIES.map((city) => ({ value: city, label: cityName(t, city) }));
  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        {blockedReason && <Alert variant="error">{blockedReason}</Alert>}
        {result && (
          <OrderSubmitResult key={JSON.stringify(result)} result={result} onDismiss={() => setResult(null)} />
        )}
        <Card>
          <CardHeader
            title={t('order.deliveryDate')}
            description={t('order.new.dateLead', { lead: ORDER_LEAD_DAYS, ahead: MAX_SCHEDULE_DAYS_AHEAD })}
          />
          <CardBody>
            <Input
              label={t('order.deliveryDate')}
              type="date"
              min={minDate}
              max={maxDate}
              required
              hint={t('order.new.dateRange', { from: f.date(minDate), to: f.date(maxDate) })}
              error={errors.scheduleDate?.message}
              containerClassName="max-w-xs"
              {...register('scheduleDate')}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('order.items')} />
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
          <CardHeader title={t('order.new.deliveryDetails')} />
          <CardBody className="space-y-4">
            <Textarea
              label={t('order.deliveryAddress')}
              rows={2}
              required
              hint={delivery?.address ? delivery.hint : undefined}
              error={errors.deliveryAddress?.message}
              {...register('deliveryAddress')}
            />
            <Select
              label={t('order.city')}
              optional
              placeholder={t('order.new.selectCity')}
              options={cityOptions}
              {...register('city')}
            />
            <Textarea
              label={t('order.specialInstructions')}
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
          {t('order.new.place')}
        </Button>
      </div>
    </form>
  );
}
