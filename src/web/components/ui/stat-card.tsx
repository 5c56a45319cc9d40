import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';

export type StatTone = 'brand' | 'violet' | 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const TONES: Record<StatTone, string> = {
  brand: 'bg-indigo-50 text-indigo-700',
  violet: 'bg-violet-50 text-violet-700',
  success: 'bg-emerald-50 text-emerald-700',
  warning: 'bg-amber-50 text-amber-700',
  danger: 'bg-red-50 text-red-700',
  info: 'bg-sky-50 text-sky-700',
  neutral: 'bg-slate-100 text-slate-700',
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone?: StatTone;
  /** A line under the value: a comparison, a unit, a hint. */
  hint?: ReactNode;
  className?: string;
}

/** One figure of a dashboard: icon, label, value and an optional hint. */
export function StatCard({ label, value, icon: Icon, tone = 'brand', hint, className }: StatCardProps) {
  return (
    <Card className={clsx('flex items-center gap-4 p-5', className)}>
      <div className={clsx('flex size-11 shrink-0 items-center justify-center rounded-lg', TONES[tone])}>
        <Icon aria-hidden="true" className="size-5" />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
        {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
      </div>
    </Card>
  );
}

/**
 * The place of a stat card while its figure loads: a card of the same size, empty, so nothing
 * below moves when the figures come (Lighthouse's layout shift, docs/decisions/0088). `hint`:
 * the card it stands for has a hint line.
 */
export function StatCardPlaceholder({ hint = false }: { hint?: boolean }) {
  return (
    <Card aria-hidden="true" className="flex items-center gap-4 p-5">
      <div className="size-11 shrink-0 rounded-lg bg-slate-100" />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="inline-block h-3 w-24 rounded bg-slate-100" />
        </p>
        <p className="text-2xl">
          <span className="inline-block h-6 w-12 rounded bg-slate-100" />
        </p>
        {hint && (
          <p className="mt-0.5 text-xs">
            <span className="inline-block h-2.5 w-20 rounded bg-slate-100" />
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * A responsive row of stat cards. `loading`: the text a screen reader hears while the figures
 * load; the cards are placeholders meanwhile.
 */
export function StatGrid({
  label,
  loading,
  children,
}: {
  label: string;
  loading?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      aria-busy={loading ? true : undefined}
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      {loading && (
        <p role="status" className="sr-only">
          {loading}
        </p>
      )}
      {children}
    </section>
  );
}
