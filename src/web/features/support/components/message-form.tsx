import { Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Textarea } from '#web/components/ui/textarea';
import { knownText } from '#web/i18n/known-texts';
import { useT } from '#web/i18n/provider';
import { usePostSupportMessage } from '../api/post-support-message';

const MAX = 5000;

export interface MessageFormProps {
  requestId: number;
  /** The box's label, e.g. "Your reply" or "Answer". */
  label: string;
  submitLabel: string;
  hint?: string;
  placeholder?: string;
  /** More buttons, at the left of the send button (the staff's Close request). */
  actions?: ReactNode;
}

/** Writes a message on a request (POST .../messages); the box empties once it is sent. */
export function MessageForm({ requestId, label, submitLabel, hint, placeholder, actions }: MessageFormProps) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const post = usePostSupportMessage(requestId);
  const t = useT();
  const trimmed = text.trim();
  const error = !submitted
    ? undefined
    : !trimmed
      ? t('support.validation.messageRequired')
      : trimmed.length > MAX
        ? t('support.validation.messageTooLong', { max: MAX })
        : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!trimmed || trimmed.length > MAX) return;
    post.mutate(
      { message: trimmed },
      {
        onSuccess: () => {
          setText('');
          setSubmitted(false);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Textarea
        label={label}
        rows={3}
        required
        maxLength={MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
        hint={hint}
        placeholder={placeholder}
      />
      {post.isError && (
        <Alert variant="error" title={t('support.notSent')} onDismiss={() => post.reset()}>
          {knownText(t, post.error.message)}
        </Alert>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {actions}
        <Button type="submit" loading={post.isPending}>
          {!post.isPending && <Send aria-hidden="true" className="size-4" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
