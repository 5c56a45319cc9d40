import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { controlClasses, describedBy, Field } from './field';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  id?: string;
  containerClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({
  label,
  error,
  hint,
  optional,
  id,
  required,
  rows = 4,
  className,
  containerClassName,
  ref,
  ...rest
}: TextareaProps) {
  const autoId = useId();
  const textareaId = id ?? autoId;
  return (
    <Field
      id={textareaId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      optional={optional}
      className={containerClassName}
    >
      <textarea
        ref={ref}
        id={textareaId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(textareaId, error, hint)}
        className={controlClasses(Boolean(error), className)}
        {...rest}
      />
    </Field>
  );
}
