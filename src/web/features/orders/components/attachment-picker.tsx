import { Paperclip, X } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { ATTACHMENT_EXTENSIONS, MAX_ORDER_ATTACHMENTS } from '#shared/constants';
import { Alert } from '#web/components/ui/alert';
import { controlClasses, Field } from '#web/components/ui/field';
import { useT } from '#web/i18n/provider';
import {
  ATTACHMENT_ACCEPT,
  formatFileSize,
  MAX_ATTACHMENT_MB,
  MAX_ORDER_ATTACHMENT_TOTAL_MB,
  partitionAttachments,
} from '../lib/attachment-rules';

export interface AttachmentPickerProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
}

/** Optional order documents: checked for type, size, count and total here, sent with the order. */
export function AttachmentPicker({ files, onChange }: AttachmentPickerProps) {
  const t = useT();
  const id = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const limits = t('order.attach.limits', {
    perFile: MAX_ATTACHMENT_MB,
    files: MAX_ORDER_ATTACHMENTS,
    total: MAX_ORDER_ATTACHMENT_TOTAL_MB,
  });
  const hint = `${ATTACHMENT_EXTENSIONS.map((e) => e.toUpperCase()).join(', ')}. ${limits}`;

  function handlePick(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    const known = new Set(files.map((f) => `${f.name}:${f.size}`));
    const fresh = picked.filter((f) => !known.has(`${f.name}:${f.size}`));
    const { accepted, errors: rejected } = partitionAttachments(fresh, files, t);
    onChange([...files, ...accepted]);
    setErrors(rejected);
    // Lets the same file be picked again after removing it.
    event.target.value = '';
  }

  return (
    <div className="space-y-3">
      <Field id={id} label={t('order.attach.label')} optional hint={hint}>
        <input
          id={id}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          onChange={handlePick}
          aria-describedby={`${id}-hint`}
          className={controlClasses(
            errors.length > 0,
            'file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm',
          )}
        />
      </Field>
      {errors.length > 0 && (
        <Alert variant="error" title={t('order.attach.notAttached')} onDismiss={() => setErrors([])}>
          <ul className="list-disc pl-4">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {files.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {files.map((file, index) => (
            <li key={`${file.name}:${file.size}`} className="flex items-center gap-3 px-3 py-2">
              <Paperclip aria-hidden="true" className="size-4 text-slate-400" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="text-xs text-slate-500">{formatFileSize(file.size)}</span>
              <button
                type="button"
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('order.attach.remove', { name: file.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
