import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, type LabelledControlProps, useFieldControl } from './field';

export interface TextareaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>,
    LabelledControlProps {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ rows = 4, ...props }: TextareaProps) {
  const { fieldProps, controlProps } = useFieldControl(props);
  return (
    <Field {...fieldProps}>
      <textarea rows={rows} {...controlProps} />
    </Field>
  );
}
