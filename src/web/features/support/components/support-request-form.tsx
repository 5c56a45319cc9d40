import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OrderSummary } from '#shared/contract/orders';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { Textarea } from '#web/components/ui/textarea';
import { useCreateSupportRequest } from '../api/create-support-request';
import {
  EMPTY_SUPPORT_FORM,
  type SupportFormValues,
  supportFormSchema,
  toSupportRequest,
} from '../lib/support-form-schema';

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
  const [sentId, setSentId] = useState<number | null>(null);
  const orderOptions = orders.map((o) => ({
    value: String(o.order_id),
    label: `#${o.order_id} (${o.status})`,
  }));

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
        <Alert variant="success" title={`Request #${sentId} received`} onDismiss={() => setSentId(null)}>
          Thank you. Our team answers here, usually within one business day, and you get a notification when
          they do.
        </Alert>
      )}
      {create.isError && (
        <Alert
          variant="error"
          title="Failed to send your request. Please try again."
          onDismiss={() => create.reset()}
        >
          {create.error.message}
        </Alert>
      )}
      <Input label="Subject" required error={formState.errors.subject?.message} {...register('subject')} />
      <Select
        label="Related order"
        optional
        placeholder={orders.length ? 'No specific order' : 'No orders yet'}
        options={orderOptions}
        {...register('orderId')}
      />
      <Textarea
        label="Message"
        rows={5}
        required
        error={formState.errors.message?.message}
        {...register('message')}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          {!create.isPending && <Send aria-hidden="true" className="size-4" />}
          Send request
        </Button>
      </div>
    </form>
  );
}
