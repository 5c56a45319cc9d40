import { type FormEvent, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Textarea } from '#web/components/ui/textarea';
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
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Enter the name of the person who received the goods');
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
      title="Confirm delivery"
      description={`${what} for ${customerName}`}
      footer={
        <>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="confirm-items-form">
            Confirm
          </Button>
        </>
      }
    >
      <form id="confirm-items-form" onSubmit={submit} className="space-y-4" noValidate>
        <Input
          label="Received by"
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
        {open && <SignaturePad label="Signature" onChange={setSignature} />}
        <Textarea
          label="Note"
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
