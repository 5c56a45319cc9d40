import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/textarea';
import { useCloseSupportRequest } from '../../api/close-support-request';

/** Closes a request after confirmation, with an optional last message the customer reads. */
export function CloseRequestDialog({
  requestId,
  open,
  onOpenChange,
  onDone,
}: {
  requestId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const [message, setMessage] = useState('');
  const close = useCloseSupportRequest(requestId);
  function change(next: boolean) {
    if (!next) {
      setMessage('');
      close.reset();
    }
    onOpenChange(next);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const last = message.trim();
    close.mutate(last ? { message: last } : {}, {
      onSuccess: () => {
        change(false);
        onDone(
          `Request #${requestId} is closed${last ? ' with your last message' : ''}. The customer was notified.`,
        );
      },
    });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={`Close request #${requestId}?`}
      description="The customer is told it is closed. If they write again, it reopens in the inbox."
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)}>
            Keep it open
          </Button>
          <Button type="submit" form="close-support-request" loading={close.isPending}>
            Close request
          </Button>
        </>
      }
    >
      <form id="close-support-request" onSubmit={submit} noValidate className="space-y-3">
        <Textarea
          label="Last message to the customer"
          optional
          rows={3}
          maxLength={5000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="e.g. Glad we could help. Closing this request."
        />
        {close.isError && <Alert variant="error">{close.error.message}</Alert>}
      </form>
    </Dialog>
  );
}
