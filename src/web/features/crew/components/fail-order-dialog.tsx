import { FAILURE_REASONS, type FailureReason } from '#shared/contract/crew';
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
  return (
    <FailureReasonDialog
      {...rest}
      title={`Failed delivery: order #${orderId}`}
      description={`${customerName}. The items not handed over yet go back to the store to be delivered again, and the manager is alerted.`}
      reasons={FAILURE_REASONS}
      submitLabel="Report failed delivery"
      formId="fail-order-form"
    />
  );
}
