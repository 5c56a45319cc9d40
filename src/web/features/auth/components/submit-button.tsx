import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button';

export interface SubmitButtonProps {
  /** Shown before the text, replaced by the spinner while `submitting`. */
  icon: LucideIcon;
  submitting: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** The full-width submit button of the sign-in and sign-up forms. */
export function SubmitButton({ icon: Icon, submitting, disabled, children }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" className="w-full" loading={submitting} disabled={disabled}>
      {!submitting && <Icon aria-hidden="true" className="size-4" />}
      {children}
    </Button>
  );
}
