import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OrderSummary } from '#shared/contract/orders';
import type { OrderStatus } from '#shared/order-status';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { Textarea } from '#web/components/ui/textarea';
import { knownText } from '#web/i18n/known-texts';
import { type MessageKey, useT } from '#web/i18n/provider';
import { useCreateSupportRequest } from '../api/create-support-request';
import {
  EMPTY_SUPPORT_FORM,
  type SupportFormValues,
  supportFormSchema,
  toSupportRequest,
} from '../lib/support-form-schema';

const STATUS_WORDS: Record<OrderStatus, MessageKey> = {
  Pending: 'order.status.pending',
  Scheduled: 'order.status.scheduled',
  'In Transit': 'order.status.inTransit',
  Delivered: 'order.status.delivered',
  Cancelled: 'order.stage.cancelled',
};

export interface SupportRequestFormProps {
  /** The customer's orders, to attach one to the request. */
  orders: readonly OrderSummary[];
  /** Called with the new request's number once it is sent (the page opens it). */
  onSent?: (requestId: number) => void;
}

/** Contact form: POST /support/requests, then a confirmation with the request number. */
export function SupportRequestForm({ orders, onSent }: SupportRequestFormProps) {
  const { register, handleSubmit, reset, formState } = useForm<SupportFormValues>({
    resolver: zodResolver(supportFormSchema),
    defaultValues: EMPTY_SUPPORT_FORM,
  });
  const create = useCreateSupportRequest();
  const t = useT();
  const [sentId, setSentId] = useState<number | null>(null);
  const orderOptions = orders.map((o) => ({
    value: String(o.order_id),
    label: t('support.form.orderOption', { id: o.order_id, status: t(STATUS_WORDS[o.status]) }),
  }));

  const errorText = (message: string | undefined) => (message ? knownText(t, message) : undefined);

  const onSubmit = handleSubmit((values) => {
    setSentId(null);
    create.mutate(toSupportRequest(values), {
      onSuccess: (created) => {
        setSentId(created.request_id);
        reset(EMPTY_SUPPORT_FORM);
        onSent?.(created.request_id);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {sentId !== null && (
        <Alert
          variant="success"
          title={t('support.form.received', { id: sentId })}
          onDismiss={() => setSentId(null)}
        >
          {t('support.form.receivedLead')}
        </Alert>
      )}
      {create.isError && (
        <Alert variant="error" title={t('support.form.failed')} onDismiss={() => create.reset()}>
          {knownText(t, create.error.message)}
        </Alert>
      )}
      <Input
        label={t('support.form.subject')}
        required
        error={errorText(formState.errors.subject?.message)}
        {...register('subject')}
      />
      <Select
        label={t('support.form.relatedOrder')}
        optional
        placeholder={orders.length ? t('support.form.noOrder') : t('customer.dashboard.noOrders')}
        options={orderOptions}
        {...register('orderId')}
      />
      <Textarea
        label={t('support.form.message')}
        rows={5}
        required
        error={errorText(formState.errors.message?.message)}
        {...register('message')}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          {!create.isPending && <Send aria-hidden="true" className="size-4" />}
          {t('support.form.send')}
        </Button>
      </div>
    </form>
  );
}
