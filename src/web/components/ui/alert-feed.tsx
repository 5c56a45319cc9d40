import type { LucideIcon } from 'lucide-react';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

export interface AlertFeedItem {
  key: string;
  icon: LucideIcon;
  /** `high` is urgent (red), anything else a warning (amber). */
  severity: string;
  message: string;
  /** Under the message: when it happened, or a link to act on it. */
  footer?: ReactNode;
}

/** A dashboard's list of alerts, each with its icon and urgency; `empty` says all is well. */
export function AlertFeed({ items, empty }: { items: readonly AlertFeedItem[]; empty: ReactNode }) {
  if (items.length === 0) {
    return (
      <p className="flex items-center justify-center gap-2 px-5 py-8 text-sm text-slate-600">
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" /> {empty}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {items.map(({ key, icon: Icon, severity, message, footer }) => (
        <li key={key} className="flex items-start gap-3 px-5 py-3">
          <Icon
            aria-hidden="true"
            className={`mt-0.5 size-4 shrink-0 ${severity === 'high' ? 'text-red-600' : 'text-amber-600'}`}
          />
          <div className="min-w-0 text-sm">
            <p className="text-slate-800">
              <span className="sr-only">{severity === 'high' ? 'Urgent: ' : 'Warning: '}</span>
              {message}
            </p>
            {footer}
          </div>
        </li>
      ))}
    </ul>
  );
}
