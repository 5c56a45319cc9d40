import { type FormEvent, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Textarea } from '#web/components/ui/textarea';
import { useT } from '#web/i18n/provider';
import { SignaturePad } from './signature-pad';

export interface ConfirmItemsValues {
  recipient_name: string;
  signature: string | null;
  note: string | null;
}

export interface ConfirmItemsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is being handed over, e.g. "Rice 5 kg x 3" or "all 4 items of order #12". */
  what: string;
  customerName: string;
  onConfirm: (values: ConfirmItemsValues) => void;
}

/** Proof of delivery: who received the goods, a signature drawn with a finger, a note. */
export function ConfirmItemsDialog({
  open,
  onOpenChange,
  what,
  customerName,
  onConfirm,
}: ConfirmItemsDialogProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('crew.confirm.nameRequired'));
      return;
    }
    onConfirm({ recipient_name: name.trim(), signature, note: note.trim() || null });
    setName('');
    setSignature(null);
    setNote('');
    setError(undefined);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('crew.confirm.title')}
      description={t('crew.confirm.lead', { what, customer: customerName })}
      footer={
        <>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            {t('crew.common.cancel')}
          </Button>
          <Button type="submit" form="confirm-items-form">
            {t('crew.stop.confirm')}
          </Button>
        </>
      }
    >
      <form id="confirm-items-form" onSubmit={submit} className="space-y-4" noValidate>
        <Input
          label={t('crew.confirm.receivedBy')}
          required
          autoComplete="off"
          value={name}
          error={error}
          maxLength={120}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        {open && <SignaturePad label={t('crew.confirm.signature')} onChange={setSignature} />}
        <Textarea
          label={t('crew.common.note')}
          optional
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
