import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { controlClasses, describedBy, Field } from './field';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Marks the label "(optional)". */
  optional?: boolean;
  id?: string;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text field; works with react-hook-form's `register()` (passes ref, name, onChange, onBlur). */
export function Input({
  label,
  error,
  hint,
  optional,
  id,
  required,
  className,
  containerClassName,
  ref,
  ...rest
}: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field
      id={inputId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      optional={optional}
      className={containerClassName}
    >
      <input
        ref={ref}
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={controlClasses(Boolean(error), className)}
        {...rest}
      />
    </Field>
  );
}
