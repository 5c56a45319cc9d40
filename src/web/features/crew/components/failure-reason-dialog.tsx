import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/textarea';
import { useT } from '#web/i18n/provider';
import { reasonName } from '../lib/crew-texts';

export interface FailureReasonDialogProps<Reason extends string> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The reasons offered, the first one chosen at first. */
  reasons: readonly Reason[];
  /** The submit button's words. */
  submitLabel: string;
  /** The form's id and its radio group's name (two such dialogs share a page). */
  formId: string;
  pending: boolean;
  error: string | null;
  onFail: (reason: Reason, note: string | null) => void;
}

/** What could not be handed over and why: one reason and an optional note (a stop or an item). */
export function FailureReasonDialog<Reason extends string>({
  open,
  onOpenChange,
  title,
  description,
  reasons,
  submitLabel,
  formId,
  pending,
  error,
  onFail,
}: FailureReasonDialogProps<Reason>) {
  const t = useT();
  const [reason, setReason] = useState<Reason>(reasons[0]!);
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFail(reason, note.trim() || null);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            {t('crew.common.cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('crew.fail.reason')}</legend>
          <div className="mt-2 space-y-2">
            {reasons.map((r) => (
              <label
                key={r}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-checked:border-red-300 has-checked:bg-red-50"
              >
                <input
                  type="radio"
                  name={`${formId}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-red-600"
                />
                {reasonName(t, r)}
              </label>
            ))}
          </div>
        </fieldset>
        <Textarea
          label={t('crew.common.note')}
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
