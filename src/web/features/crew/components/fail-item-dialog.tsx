import { ITEM_FAILURE_REASONS, type ItemFailureReason } from '#shared/contract/crew';
import { FailureReasonDialog } from './failure-reason-dialog';

export interface FailItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Ceylon Tea 400g x 3" */
  what: string;
  orderId: number;
  pending: boolean;
  error: string | null;
  onFail: (reason: ItemFailureReason, note: string | null) => void;
}

/** One item could not be handed over: why, and a note; the other items of the stop go on. */
export function FailItemDialog({ what, orderId, ...rest }: FailItemDialogProps) {
  return (
    <FailureReasonDialog
      {...rest}
      title={`Could not deliver: ${what}`}
      description={`Order #${orderId}. The item goes back to the store to be delivered again, and the manager is alerted. Confirm the other items as usual.`}
      reasons={ITEM_FAILURE_REASONS}
      submitLabel="Report not delivered"
      formId="fail-item-form"
    />
  );
}
