import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { controlClasses, describedBy, Field } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options?: readonly SelectOption[];
  /** A first, empty option such as "Select a product". */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  id?: string;
  containerClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select; pass `options` or `<option>` children. */
export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  optional,
  id,
  required,
  className,
  containerClassName,
  children,
  ref,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <Field
      id={selectId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      optional={optional}
      className={containerClassName}
    >
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          className={controlClasses(Boolean(error), clsx('appearance-none pr-9', className))}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options?.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
    </Field>
  );
}
