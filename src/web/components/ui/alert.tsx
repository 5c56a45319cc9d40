import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '#web/i18n/provider';

export type AlertVariant = 'success' | 'error' | 'warning' | 'info';

const STYLES: Record<AlertVariant, { box: string; icon: typeof Info }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: TriangleAlert },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: Info },
};

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}

/** A message box. Errors use role="alert" (announced at once); others role="status". */
export function Alert({ variant = 'info', title, children, onDismiss, className }: AlertProps) {
  const t = useT();
  const { box, icon: Icon } = STYLES[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={clsx('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={clsx(title && 'mt-0.5')}>{children}</div>}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('common.dismiss')}
          className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
