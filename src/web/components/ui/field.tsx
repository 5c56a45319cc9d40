import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { type DateText, knownText } from '#web/i18n/known-texts';
import type { Locale } from '#web/i18n/locale';
import { useLanguage, useT } from '#web/i18n/provider';
import { loadedFormatters } from '#web/i18n/runtime';

/** Shared styling of text-like controls, with a red ring when the field is invalid. */
export function controlClasses(invalid: boolean, className?: string) {
  return clsx(
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200',
    className,
  );
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error text; the control uses `id`, `${id}-error` and `${id}-hint`. */
export function Field({ id, label, error, hint, required, optional, className, children }: FieldProps) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
        {optional && <span className="ml-1 font-normal text-slate-500">{t('common.optional')}</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {knownText(t, error, dateIn(locale))}
        </p>
      )}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

/** Props that Input, Select and Textarea add to their element's own. */
export interface LabelledControlProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Marks the label "(optional)". */
  optional?: boolean;
  id?: string;
  containerClassName?: string;
}

/**
 * Splits a labelled control's props into those of its `<Field>` and those of the control itself:
 * an id (generated unless given), `required`, `aria-invalid`, `aria-describedby` and the shared
 * classes, followed by the element's remaining props (ref, name, onChange, ...).
 */
export function useFieldControl<P extends LabelledControlProps & { required?: boolean; className?: string }>(
  props: P,
) {
  const { label, error, hint, optional, id, required, className, containerClassName, ...rest } = props;
  const autoId = useId();
  const controlId = id ?? autoId;
  return {
    fieldProps: { id: controlId, label, error, hint, required, optional, className: containerClassName },
    controlProps: {
      id: controlId,
      required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(controlId, error, hint),
      className: controlClasses(Boolean(error), className),
      ...rest,
    },
  };
}

/** Dates in `locale` once the app's formatters are loaded (every form's page waits for them). */
function dateIn(locale: Locale): DateText | undefined {
  try {
    const f = loadedFormatters().formatters(locale);
    return (iso) => f.date(iso);
  } catch {
    return undefined;
  }
}
