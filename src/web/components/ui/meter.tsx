import { clsx } from 'clsx';

export interface MeterProps {
  /** The accessible name, e.g. "Colombo train, 12 May". */
  label: string;
  value: number;
  max?: number;
  /** Colour by the share of max: red above `danger` %, amber above `warning` %, else `color`. */
  danger?: number;
  warning?: number;
  /** The bar colour below the warning level. */
  color?: 'indigo' | 'emerald' | 'sky';
  /** Text shown at the right, e.g. "84 %" or "42 / 100". */
  valueText?: string;
  className?: string;
}

const BASE = { indigo: 'bg-indigo-500', emerald: 'bg-emerald-500', sky: 'bg-sky-500' };

/** Percent of a whole as a horizontal bar (capacity, utilisation, stock against reorder point). */
export function Meter({
  label,
  value,
  max = 100,
  danger,
  warning,
  color = 'indigo',
  valueText,
  className,
}: MeterProps) {
  const percent = max > 0 ? (value / max) * 100 : 0;
  const width = Math.max(0, Math.min(100, percent));
  const bar =
    danger !== undefined && percent > danger
      ? 'bg-red-500'
      : warning !== undefined && percent > warning
        ? 'bg-amber-500'
        : BASE[color];
  return (
    <div className={clsx('flex items-center gap-3', className)}>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the colours by threshold */}
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={clsx('h-full rounded-full transition-[width]', bar)} style={{ width: `${width}%` }} />
      </div>
      {valueText && (
        <span className="w-20 shrink-0 text-right text-xs tabular-nums text-slate-600">{valueText}</span>
      )}
    </div>
  );
}
