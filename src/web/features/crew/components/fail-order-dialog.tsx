import { type FormEvent, useState } from 'react';
import { FAILURE_REASONS, type FailureReason } from '#shared/contract/crew';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/textarea';

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
export function FailOrderDialog({
  open,
  onOpenChange,
  orderId,
  customerName,
  pending,
  error,
  onFail,
}: FailOrderDialogProps) {
  const [reason, setReason] = useState<FailureReason>('Customer absent');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFail(reason, note.trim() || null);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Failed delivery: order #${orderId}`}
      description={`${customerName}. The items not handed over yet go back to the store to be delivered again, and the manager is alerted.`}
      footer={
        <>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="fail-order-form" loading={pending}>
            Report failed delivery
          </Button>
        </>
      }
    >
      <form id="fail-order-form" onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Reason</legend>
          <div className="mt-2 space-y-2">
            {FAILURE_REASONS.map((r) => (
              <label
                key={r}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-checked:border-red-300 has-checked:bg-red-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-red-600"
                />
                {r}
              </label>
            ))}
          </div>
        </fieldset>
        <Textarea
          label="Note"
          optional
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {error && <Alert variant="error">{error}</Alert>}
      </form>
    </Dialog>
  );
}
