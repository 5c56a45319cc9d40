import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { Field, type LabelledControlProps, useFieldControl } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>,
    LabelledControlProps {
  options?: readonly SelectOption[];
  /** A first, empty option such as "Select a product". */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select; pass `options` or `<option>` children. */
export function Select({ options, placeholder, className, children, ...props }: SelectProps) {
  const { fieldProps, controlProps } = useFieldControl({
    ...props,
    className: clsx('appearance-none pr-9', className),
  });
  return (
    <Field {...fieldProps}>
      <div className="relative">
        <select {...controlProps}>
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
