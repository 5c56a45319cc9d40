import { clsx } from 'clsx';

export interface BarSeries<T> {
  name: string;
  /** A Tailwind background class: 'bg-indigo-500'. */
  color: string;
  value: (row: T) => number;
}

export interface BarChartProps<T> {
  data: readonly T[];
  /** The label under a group of bars (vertical) or beside a bar (horizontal). */
  label: (row: T) => string;
  series: readonly BarSeries<T>[];
  /** Axis ticks and the hover titles ("$4.5K", "1,250"). */
  format?: (value: number) => string;
  /** 'vertical': bars grow up, a group per row; 'horizontal': one bar per row, growing right. */
  layout?: 'vertical' | 'horizontal';
  /** Height of the plot (vertical), a Tailwind class: 'h-56'. */
  plotHeight?: string;
  legend?: boolean;
}

const plain = (v: number) => v.toLocaleString('en-US');

/** 4 steps from 0 to a round maximum at or above `max` (1, 2, 2.5 or 5 times a power of ten). */
export function niceTicks(max: number, steps = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/**
 * Bar charts in HTML and CSS, for the portal homes (docs/decisions/0085): a home's first load
 * stays within its budget, where Recharts would add 115 kB. Grouped bars, a value axis with
 * gridlines, a legend, the value of each bar as its hover title.
 */
export function BarChart<T>({
  data,
  label,
  series,
  format = plain,
  layout = 'vertical',
  plotHeight = 'h-56',
  legend = series.length > 1,
}: BarChartProps<T>) {
  const ticks = niceTicks(Math.max(0, ...data.flatMap((row) => series.map((s) => s.value(row)))));
  const top = ticks[ticks.length - 1] ?? 1;
  const share = (v: number) => `${Math.max(0, Math.min(100, (v / top) * 100))}%`;
  const title = (row: T, s: BarSeries<T>) => `${label(row)}: ${s.name} ${format(s.value(row))}`;
  const legendRow = legend && (
    <ul className="mt-3 flex flex-wrap justify-center gap-4 text-xs text-slate-600">
      {series.map((s) => (
        <li key={s.name} className="flex items-center gap-1.5">
          <span className={clsx('size-2.5 rounded-sm', s.color)} />
          {s.name}
        </li>
      ))}
    </ul>
  );

  if (layout === 'horizontal') {
    return (
      <div>
        <ul className="space-y-2">
          {data.map((row) => (
            <li key={label(row)} className="flex items-center gap-3 text-xs">
              <span className="w-28 shrink-0 truncate text-right text-slate-600">{label(row)}</span>
              <span className="flex flex-1 flex-col gap-0.5">
                {series.map((s) => (
                  <span
                    key={s.name}
                    title={title(row, s)}
                    className={clsx('block h-5 rounded-r', s.color)}
                    style={{ width: share(s.value(row)) }}
                  />
                ))}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-1 ml-31 flex justify-between text-[11px] text-slate-500">
          {ticks.map((t) => (
            <span key={t}>{format(t)}</span>
          ))}
        </div>
        {legendRow}
      </div>
    );
  }

  const every = Math.max(1, Math.ceil(data.length / 8));
  return (
    <div>
      <div className="flex">
        <div className={clsx('relative w-12 shrink-0 text-right text-[11px] text-slate-500', plotHeight)}>
          {ticks.map((t) => (
            <span key={t} className="absolute right-2 translate-y-1/2" style={{ bottom: share(t) }}>
              {format(t)}
            </span>
          ))}
        </div>
        <div className={clsx('relative flex-1 border-b border-l border-slate-300', plotHeight)}>
          {ticks.slice(1).map((t) => (
            <span
              key={t}
              className="absolute inset-x-0 border-t border-dashed border-slate-200"
              style={{ bottom: share(t) }}
            />
          ))}
          <div className="absolute inset-0 flex items-end gap-[2%] px-[1%]">
            {data.map((row) => (
              <div key={label(row)} className="flex h-full flex-1 items-end justify-center gap-[6%]">
                {series.map((s) => (
                  <span
                    key={s.name}
                    title={title(row, s)}
                    className={clsx('block max-w-7 flex-1 rounded-t-sm', s.color)}
                    style={{ height: share(s.value(row)) }}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="ml-12 flex gap-[2%] px-[1%] pt-1 text-[11px] text-slate-500">
        {data.map((row, i) => (
          <span key={label(row)} className="flex flex-1 justify-center whitespace-nowrap">
            {i % every === 0 || i === data.length - 1 ? label(row) : ''}
          </span>
        ))}
      </div>
      {legendRow}
    </div>
  );
}
