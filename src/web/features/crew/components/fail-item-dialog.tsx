import { ITEM_FAILURE_REASONS, type ItemFailureReason } from '#shared/contract/crew';
import { useT } from '#web/i18n/provider';
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
  const t = useT();
  return (
    <FailureReasonDialog
      {...rest}
      title={t('crew.failItem.title', { what })}
      description={t('crew.failItem.lead', { id: orderId })}
      reasons={ITEM_FAILURE_REASONS}
      submitLabel={t('crew.failItem.submit')}
      formId="fail-item-form"
    />
  );
}
