import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ORDER_LEAD_DAYS } from '#shared/constants';
import type { OrderDetail } from '#shared/contract/orders';
import type { Product } from '#shared/contract/products';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { useFormat, useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';
import { useChangeOrder } from '../api/change-order';
import { maxDeliveryDate, minDeliveryDate } from '../lib/delivery-date';
import {
  changeOrderFormSchema,
  changeOrderFormValues,
  type NewOrderFormValues,
  toChangeOrderRequest,
} from '../lib/new-order-schema';
import { computeOrderTotals } from '../lib/order-totals';
import { OrderRefusal } from './cancel-order-dialog';
import { OrderItemLines } from './order-item-lines';
import { OrderSummaryPanel } from './order-summary-panel';

export interface EditOrderFormProps {
  order: OrderDetail;
  products: readonly Product[];
  /** After the change is saved, with the order as it now is. */
  onSaved: (order: OrderDetail) => void;
}

/**
 * Changes a Pending order's items and delivery date (decision 0063), with the new-order form's
 * item lines, rules and messages. The delivery details stay as they are.
 */
export function EditOrderForm({ order, products, onSaved }: EditOrderFormProps) {
  const minDate = useMemo(() => minDeliveryDate(), []);
  const maxDate = useMemo(() => maxDeliveryDate(), []);
  const schema = useMemo(
    () => changeOrderFormSchema(minDate, maxDate, order.schedule_date),
    [minDate, maxDate, order.schedule_date],
  );
  const captured = useMemo(
    () =>
      new Map(
        order.items.map((i) => [String(i.product_id), { quantity: i.quantity, unitPrice: i.unit_price }]),
      ),
    [order.items],
  );
  const held = useMemo(
    () => new Map(order.items.map((i) => [String(i.product_id), i.quantity])),
    [order.items],
  );
  const form = useForm<NewOrderFormValues>({
    resolver: zodResolver(schema),
    defaultValues: changeOrderFormValues(order),
  });
  const { register, control, handleSubmit, formState } = form;
  const items = useWatch({ control, name: 'items' });
  const totals = useMemo(
    () => computeOrderTotals(items ?? [], products, order.delivery_fee, captured),
    [items, products, order.delivery_fee, captured],
  );
  const change = useChangeOrder(order.order_id);
  const t = useT();
  const f = useFormat();

  const onSubmit = handleSubmit((values) => {
    change.mutate(toChangeOrderRequest(values), { onSuccess: onSaved });
  });

  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        {change.isError && <OrderRefusal error={change.error} />}
        <Card>
          <CardHeader
            title={t('order.deliveryDate')}
            description={t('order.edit.dateLead', { days: ORDER_LEAD_DAYS })}
          />
          <CardBody>
            <Input
              label={t('order.deliveryDate')}
              type="date"
              // the date the order has may be nearer than a new one may be
              min={[order.schedule_date, minDate].sort()[0]}
              max={maxDate}
              required
              hint={t('order.edit.dateHint', {
                now: f.date(order.schedule_date),
                from: f.date(minDate),
                to: f.date(maxDate),
              })}
              error={errors.scheduleDate?.message}
              containerClassName="max-w-xs"
              {...register('scheduleDate')}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('order.items')} description={t('order.edit.itemsLead')} />
          <CardBody>
            <OrderItemLines
              control={control}
              register={register}
              errors={errors}
              products={products}
              totals={totals}
              submitted={formState.isSubmitted}
              held={held}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('order.new.deliveryDetails')} description={t('order.edit.detailsLead')} />
          <CardBody>
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-600">{t('order.deliveryAddress')}</dt>
                <dd className="mt-1 whitespace-pre-line text-slate-900">{order.delivery_address || '—'}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">{t('order.specialInstructions')}</dt>
                <dd className="mt-1 whitespace-pre-line text-slate-900">
                  {order.special_instructions || t('order.detail.none')}
                </dd>
              </div>
            </dl>
          </CardBody>
        </Card>
      </div>
      <div className="space-y-4 lg:sticky lg:top-6 lg:self-start">
        <OrderSummaryPanel totals={totals} />
        <Button type="submit" size="lg" className="w-full" loading={change.isPending}>
          {t('order.edit.save')}
        </Button>
        <Link
          to={paths.customer.order(order.order_id)}
          className={buttonClasses('secondary', 'lg', 'w-full')}
        >
          {t('order.edit.discard')}
        </Link>
      </div>
    </form>
  );
}
