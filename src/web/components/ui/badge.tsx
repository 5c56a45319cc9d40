import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger' | 'purple';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  brand: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  danger: 'bg-red-50 text-red-700 ring-red-600/20',
  purple: 'bg-violet-50 text-violet-700 ring-violet-600/20',
};

export interface BadgeProps {
  tone?: BadgeTone;
  className?: string;
  /** Long texts wrap (a phone's narrow column) instead of widening the page. */
  wrap?: boolean;
  children: ReactNode;
}

export function Badge({ tone = 'neutral', className, wrap = false, children }: BadgeProps) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        wrap ? 'whitespace-normal' : 'whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Order statuses (docs/product/business-rules.md#order-life-cycle), each with its own colour. */
const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  scheduled: 'info',
  'in transit': 'purple',
  delivered: 'success',
  cancelled: 'danger',
  // a delivery run whose every order failed
  failed: 'danger',
};

export function statusTone(status: string | null | undefined): BadgeTone {
  return STATUS_TONES[(status ?? '').trim().toLowerCase()] ?? 'neutral';
}

export function StatusBadge({
  status,
  className,
}: {
  status: string | null | undefined;
  className?: string;
}) {
  const tone = statusTone(status);
  return (
    <Badge tone={tone} className={className}>
      <span
        aria-hidden="true"
        className={clsx('size-1.5 rounded-full', {
          'bg-amber-500': tone === 'warning',
          'bg-sky-500': tone === 'info',
          'bg-violet-500': tone === 'purple',
          'bg-emerald-500': tone === 'success',
          'bg-red-500': tone === 'danger',
          'bg-slate-400': tone === 'neutral',
        })}
      />
      {status || 'Unknown'}
    </Badge>
  );
}
