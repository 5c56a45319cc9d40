import { FAILURE_REASONS, type FailureReason } from '#shared/contract/crew';
import { useT } from '#web/i18n/provider';
import { FailureReasonDialog } from './failure-reason-dialog';

export interface FailOrderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orderId: number;
  customerName: string;
  pending: boolean;
  error: string | null;
  onFail: (reason: FailureReason, note: string | null) => void;
}

/** Reports that an order could not be handed over: it goes back to the store, the manager is told. */
export function FailOrderDialog({ orderId, customerName, ...rest }: FailOrderDialogProps) {
  const t = useT();
  return (
    <FailureReasonDialog
      {...rest}
      title={t('crew.failOrder.title', { id: orderId })}
      description={t('crew.failOrder.lead', { customer: customerName })}
      reasons={FAILURE_REASONS}
      submitLabel={t('crew.failOrder.submit')}
      formId="fail-order-form"
    />
  );
}
