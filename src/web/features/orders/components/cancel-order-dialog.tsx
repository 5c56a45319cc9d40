import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/textarea';
import { knownText } from '#web/i18n/known-texts';
import { useT } from '#web/i18n/provider';
import { ApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useCancelOrder } from '../api/cancel-order';

/** The server's refusal, with a way to support when the order can no longer be cancelled here. */
export function OrderRefusal({ error }: { error: Error }) {
  const t = useT();
  const tooLate = error instanceof ApiError && error.status === 409 && /contact support/i.test(error.message);
  return (
    <Alert variant="error">
      {knownText(t, error.message)}
      {tooLate && (
        <>
          {' '}
          <Link to={paths.customer.support} className="font-medium underline">
            {t('order.contactSupport')}
          </Link>
        </>
      )}
    </Alert>
  );
}

/**
 * The customer cancels its own Pending order after confirming, with an optional reason the
 * managers read. `onDone` runs once it is cancelled.
 */
export function CancelOrderDialog({
  orderId,
  open,
  onOpenChange,
  onDone,
}: {
  orderId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: (orderId: number) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const cancel = useCancelOrder(orderId);
  function close(next: boolean) {
    if (!next) {
      setReason('');
      cancel.reset();
    }
    onOpenChange(next);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    cancel.mutate(trimmed ? { reason: trimmed } : {}, {
      onSuccess: () => {
        close(false);
        onDone?.(orderId);
      },
    });
  }
  const formId = `cancel-order-${orderId}`;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('order.cancelDialog.title', { id: orderId })}
      description={t('order.cancelDialog.lead')}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('order.cancelDialog.keep')}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={cancel.isPending}>
            {t('order.cancelOrder')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <Textarea
          label={t('order.cancelDialog.reason')}
          optional
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('order.cancelDialog.reasonExample')}
          hint={t('order.cancelDialog.reasonHint')}
        />
        {cancel.isError && <OrderRefusal error={cancel.error} />}
      </form>
    </Dialog>
  );
}
