// biome-ignore-all lint/a11y/noRedundantRoles: the table's roles are spelled out because some browsers drop them when its parts are displayed as blocks (the cards on phones)
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * How a column shows when the table is a stack of cards: on a screen narrower than `sm` (640 px,
 * every phone), and wherever the table has less than 24rem of width (a narrow pane); the `cards:`
 * and `table-wide:` variants of styles.css (docs/decisions/0065-tables-become-cards-on-phones.md):
 * - `field`: its label, then its value on the same line, right-aligned (the default);
 * - `title`: the card's heading, no label (the default of the first column);
 * - `aside`: next to the heading, no label (e.g. the row's status badge);
 * - `full`: the value alone across the card, no label (the default of a column without a text
 *   header, such as the row's actions);
 * - `hidden`: left out of the card, because the card says it elsewhere.
 */
export type CardPart = 'field' | 'title' | 'aside' | 'full' | 'hidden';

export interface Column<Row> {
  /** Header text (also the accessible column name). */
  header: ReactNode;
  /** The label in front of the value in a card; the header when it is text. */
  label?: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Extra classes for the column's cells, e.g. a width or `whitespace-nowrap`. */
  className?: string;
  /** Its part of the card (see CardPart). */
  card?: CardPart;
  /** The cell names the row (`<th scope="row">`), e.g. the product of an item line. */
  rowHeader?: boolean;
}

/** A line under the rows, e.g. a subtotal or the total: its label, then its value under the last column. */
export interface FooterLine {
  label: string;
  value: ReactNode;
  /** `strong`: the line that matters (the total); `negative`: an amount taken off. */
  tone?: 'strong' | 'negative';
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
  /** Lines under the rows, such as the subtotal, fee and total of an order. */
  footer?: readonly FooterLine[];
  /** Small print without header band or row padding, for a table nested in a list item. */
  compact?: boolean;
  className?: string;
}

const ALIGN = {
  left: 'table-wide:text-left',
  right: 'table-wide:text-right',
  center: 'table-wide:text-center',
};

/** The column's part of the card: explicit, else the first column heads the card, text headers label their value. */
function partOf<Row>(col: Column<Row>, index: number): { part: CardPart; label: string } {
  const label = col.label ?? (typeof col.header === 'string' ? col.header : '');
  const part = col.card ?? (index === 0 ? 'title' : label ? 'field' : 'full');
  return { part, label };
}

/** A card is a two-column grid: the heading and its aside on the first line, then a line per field. */
const CELL_PART: Record<CardPart, string> = {
  field: 'cards:col-span-2 cards:flex cards:items-baseline cards:justify-between cards:gap-4 cards:py-1',
  title: 'cards:col-start-1 cards:row-start-1 cards:block cards:pb-1 cards:font-medium cards:text-slate-900',
  aside: 'cards:col-start-2 cards:row-start-1 cards:block cards:pb-1 cards:text-right',
  full: 'cards:col-span-2 cards:block cards:py-1',
  hidden: 'cards:hidden',
};

/**
 * A plain table when it has room (header, rows, an empty state, optional total lines); on a
 * phone or in a narrow pane the same table is laid out as a stack of cards, one per row, each value
 * after its label, so nothing hides behind sideways scrolling. One structure for both: tests and
 * screen readers see one table (the roles are spelled out because some browsers drop a table's
 * semantics when its parts are displayed as blocks).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  onRowClick,
  selectedKey,
  footer,
  compact = false,
  className,
}: DataTableProps<Row>) {
  const parts = columns.map(partOf);
  const hasAside = parts.some((p) => p.part === 'aside');
  return (
    // @container: a narrow pane gets the cards too; relative: screen-reader-only text stays inside
    // the scroll box; a named, focusable group so the keyboard can scroll it too (axe:
    // scrollable-region-focusable)
    // biome-ignore lint/a11y/useSemanticElements: a group, not a landmark region (a page's regions stay few)
    <div
      role="group"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach
      tabIndex={0}
      className={clsx(
        '@container relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      <table
        role="table"
        className={clsx(
          'min-w-full cards:block',
          compact ? 'text-xs text-slate-600' : 'text-sm table-wide:divide-y table-wide:divide-slate-200',
        )}
      >
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className={clsx('cards:sr-only', !compact && 'bg-slate-50')}>
          <tr role="row">
            {columns.map((col, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are static per table
                key={i}
                scope="col"
                role="columnheader"
                className={clsx(
                  // a heading wraps only where the table lacks the room (two-word headings of wide tables)
                  'text-left font-semibold tracking-wide uppercase',
                  compact ? 'py-1 pr-3 text-[11px] text-slate-500' : 'px-4 py-3 text-xs text-slate-600',
                  ALIGN[col.align ?? 'left'],
                )}
              >
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          role="rowgroup"
          className={clsx(
            'cards:block',
            compact ? 'cards:divide-y' : 'divide-y bg-white',
            'divide-slate-100',
          )}
        >
          {rows.length === 0 && empty ? (
            <tr role="row" className="cards:block">
              <td role="cell" colSpan={columns.length} className="cards:block">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr
                  key={key}
                  role="row"
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  className={clsx(
                    'cards:grid cards:grid-cols-[minmax(0,1fr)_auto] cards:gap-x-4',
                    compact ? 'align-top cards:py-2' : 'cards:px-4 cards:py-3',
                    onRowClick && 'cursor-pointer',
                    key === selectedKey ? 'bg-indigo-50/70' : !compact && 'hover:bg-slate-50',
                  )}
                >
                  {columns.map((col, i) => {
                    const { part, label } = parts[i]!;
                    const Cell = col.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns are static per table
                        key={i}
                        scope={col.rowHeader ? 'row' : undefined}
                        role={col.rowHeader ? 'rowheader' : 'cell'}
                        className={clsx(
                          // a card wraps what a column keeps on one line (whitespace-nowrap): nothing is cut
                          'text-left cards:px-0 cards:whitespace-normal',
                          compact ? 'py-1 pr-3' : 'px-4 py-3',
                          col.rowHeader ? 'font-medium text-slate-900' : !compact && 'text-slate-700',
                          ALIGN[col.align ?? 'left'],
                          CELL_PART[part],
                          part === 'title' && (compact ? 'cards:text-sm' : 'cards:text-base'),
                          part === 'title' && !hasAside && 'cards:col-span-2',
                          col.className,
                        )}
                      >
                        {part === 'field' && (
                          <span
                            aria-hidden="true"
                            className="max-w-[50%] shrink-0 text-xs font-medium tracking-wide text-slate-500 uppercase table-wide:hidden"
                          >
                            {label}
                          </span>
                        )}
                        {part === 'field' ? (
                          <span className="min-w-0 cards:text-right cards:[overflow-wrap:anywhere] table-wide:contents">
                            {col.cell(row)}
                          </span>
                        ) : (
                          col.cell(row)
                        )}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
        {footer && footer.length > 0 && (
          <tfoot role="rowgroup" className="border-t border-slate-200 text-slate-700 cards:block cards:py-2">
            {footer.map((line, i) => (
              <tr
                key={line.label}
                role="row"
                className={clsx(
                  'cards:flex cards:items-baseline cards:justify-between cards:gap-4 cards:px-4',
                  line.tone === 'strong' && 'text-base font-semibold text-slate-900',
                  line.tone === 'negative' && 'text-red-700',
                )}
              >
                <th
                  scope="row"
                  role="rowheader"
                  colSpan={Math.max(columns.length - 1, 1)}
                  className={clsx(
                    'px-4 text-right cards:px-0 cards:text-left',
                    line.tone !== 'strong' && 'font-normal',
                    i === 0 ? 'pt-3 pb-1' : i === footer.length - 1 ? 'pt-1 pb-3' : 'py-1',
                  )}
                >
                  {line.label}
                </th>
                <td
                  role="cell"
                  className={clsx(
                    'px-4 text-right tabular-nums cards:px-0 cards:[overflow-wrap:anywhere] table-wide:whitespace-nowrap',
                    i === 0 ? 'pt-3 pb-1' : i === footer.length - 1 ? 'pt-1 pb-3' : 'py-1',
                  )}
                >
                  {line.value}
                </td>
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}
