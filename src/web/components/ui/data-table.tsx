import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface Column<Row> {
  /** Header text (also the accessible column name). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Extra classes for the column's cells, e.g. a width or `whitespace-nowrap`. */
  className?: string;
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Accessible name of the table. */
  caption: string;
  /** Shown in place of the body when there are no rows. */
  empty?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** The highlighted row (e.g. the one open in a detail pane). */
  selectedKey?: string | number | null;
  className?: string;
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' };

/** A plain, responsive table: header, rows, an empty state; horizontally scrollable on phones. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  onRowClick,
  selectedKey,
  className,
}: DataTableProps<Row>) {
  return (
    // relative: screen-reader-only text inside cells stays within the scroll box; a named,
    // focusable group so the keyboard can scroll it too (axe: scrollable-region-focusable)
    // biome-ignore lint/a11y/useSemanticElements: a group, not a landmark region (a page's regions stay few)
    <div
      role="group"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach
      tabIndex={0}
      className={clsx(
        'relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((col, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are static per table
                key={i}
                scope="col"
                className={clsx(
                  'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
                  ALIGN[col.align ?? 'left'],
                )}
              >
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr
                  key={key}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  className={clsx(
                    onRowClick && 'cursor-pointer',
                    key === selectedKey ? 'bg-indigo-50/70' : 'hover:bg-slate-50',
                  )}
                >
                  {columns.map((col, i) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are static per table
                      key={i}
                      className={clsx('px-4 py-3 text-slate-700', ALIGN[col.align ?? 'left'], col.className)}
                    >
                      {col.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
