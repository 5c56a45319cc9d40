import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { TimelineItem } from '#shared/contract/planning';
import { formatDate } from '#web/lib/format';
import { barPosition, periodDays, slotText } from '../lib/timeline';

export interface TimelineRow {
  id: number;
  label: string;
  detail: ReactNode;
  items: TimelineItem[];
}

const itemName = (i: TimelineItem) =>
  i.kind === 'planned'
    ? `Planned delivery ${i.key}${i.delivery_id ? ` (delivery ${i.delivery_id})` : ''}`
    : `Delivery ${i.delivery_id}`;

/** A Gantt-like chart of the period: one row per truck or person, one bar per delivery. */
export function WeekTimeline({
  caption,
  rows,
  from,
  to,
}: {
  caption: string;
  rows: TimelineRow[];
  from: string;
  to: string;
}) {
  const days = periodDays(from, to);
  return (
    <div className="overflow-x-auto">
      <div style={{ minWidth: 256 + days.length * 150 }}>
        <div
          aria-hidden="true"
          className="flex border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600"
        >
          <div className="w-64 shrink-0 px-4 py-2">{caption}</div>
          <div className="flex flex-1">
            {days.map((d) => (
              <div key={d} className="flex-1 border-l border-slate-200 px-1 py-2 text-center">
                {formatDate(d).replace(/ \d{4}$/, '')}
              </div>
            ))}
          </div>
        </div>
        <ul aria-label={`Timeline per ${caption.toLowerCase()}`}>
          {rows.map((row) => (
            <li
              key={row.id}
              aria-label={row.label}
              className="flex border-b border-slate-100 last:border-b-0"
            >
              <div className="w-64 shrink-0 px-4 py-2">
                <p className="truncate text-sm font-medium text-slate-900">{row.label}</p>
                <p className="truncate text-xs text-slate-500">{row.detail}</p>
              </div>
              <div className="relative flex flex-1">
                {days.map((d) => (
                  <div key={d} className="flex-1 border-l border-slate-100" />
                ))}
                {row.items.map((item) => {
                  const pos = barPosition(item.start, item.end, from, to);
                  if (!pos) return null;
                  const text = `${itemName(item)}: ${item.route_name}, ${slotText(item.start, item.end)} (Colombo)`;
                  return (
                    <span
                      key={`${item.kind}-${item.key ?? item.delivery_id}`}
                      title={text}
                      className={clsx(
                        'absolute top-1/2 h-6 -translate-y-1/2 overflow-hidden rounded px-0.5 text-center text-[10px] leading-6 font-medium whitespace-nowrap text-white',
                        item.kind === 'planned' ? 'bg-indigo-500' : 'bg-slate-400',
                      )}
                      style={{ left: `${pos.left}%`, width: `max(${pos.width}%, 4px)` }}
                    >
                      <span aria-hidden="true">
                        {item.kind === 'planned' ? `P${item.key}` : `#${item.delivery_id}`}
                      </span>
                      <span className="sr-only">{text}</span>
                    </span>
                  );
                })}
              </div>
            </li>
          ))}
        </ul>
      </div>
      <p className="flex flex-wrap gap-4 px-4 py-3 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded bg-indigo-500" /> Planned by this proposal
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded bg-slate-400" /> Already scheduled
        </span>
        <span>Days in Colombo time.</span>
      </p>
    </div>
  );
}
