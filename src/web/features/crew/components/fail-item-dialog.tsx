import { type FormEvent, useState } from 'react';
import { ITEM_FAILURE_REASONS, type ItemFailureReason } from '#shared/contract/crew';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/textarea';

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
export function FailItemDialog({
  open,
  onOpenChange,
  what,
  orderId,
  pending,
  error,
  onFail,
}: FailItemDialogProps) {
  const [reason, setReason] = useState<ItemFailureReason>('Damaged');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFail(reason, note.trim() || null);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Could not deliver: ${what}`}
      description={`Order #${orderId}. The item goes back to the store to be delivered again, and the manager is alerted. Confirm the other items as usual.`}
      footer={
        <>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="fail-item-form" loading={pending}>
            Report not delivered
          </Button>
        </>
      }
    >
      <form id="fail-item-form" onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Reason</legend>
          <div className="mt-2 space-y-2">
            {ITEM_FAILURE_REASONS.map((r) => (
              <label
                key={r}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-checked:border-red-300 has-checked:bg-red-50"
              >
                <input
                  type="radio"
                  name="item-reason"
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
