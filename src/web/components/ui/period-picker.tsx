import { clsx } from 'clsx';
import { addDays, businessDate } from '#shared/dates';

export interface Period {
  from: string;
  to: string;
}

export interface PeriodPickerProps {
  value: Period;
  onChange: (value: Period) => void;
  /** Quick choices in days back from today, e.g. [30, 90, 365]. */
  presets?: readonly number[];
  className?: string;
}

/** The last `days` days up to today in Colombo, as a period (inclusive dates). */
export function lastDays(days: number, now = new Date()): Period {
  const today = businessDate(now);
  return { from: addDays(today, -days), to: today };
}

const INPUT =
  'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none';

/** From/to dates (sent as the API's `from`/`to`) with optional presets. */
export function PeriodPicker({ value, onChange, presets = [30, 90, 365], className }: PeriodPickerProps) {
  return (
    <fieldset className={clsx('flex flex-wrap items-end gap-2', className)}>
      <legend className="sr-only">Period</legend>
      <label className="flex flex-col text-xs font-medium text-slate-600">
        From
        <input
          type="date"
          className={INPUT}
          value={value.from}
          max={value.to}
          onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
        />
      </label>
      <label className="flex flex-col text-xs font-medium text-slate-600">
        To
        <input
          type="date"
          className={INPUT}
          value={value.to}
          min={value.from}
          onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
        />
      </label>
      <div className="flex gap-1">
        {presets.map((days) => (
          <button
            key={days}
            type="button"
            onClick={() => onChange(lastDays(days))}
            className="h-9 rounded-lg px-2.5 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {days >= 365 && days % 365 === 0 ? `${days / 365} y` : `${days} d`}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
