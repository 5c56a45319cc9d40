import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type LabelledControlProps, useFieldControl } from './field';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>, LabelledControlProps {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text field; works with react-hook-form's `register()` (passes ref, name, onChange, onBlur). */
export function Input(props: InputProps) {
  const { fieldProps, controlProps } = useFieldControl(props);
  return (
    <Field {...fieldProps}>
      <input {...controlProps} />
    </Field>
  );
}
