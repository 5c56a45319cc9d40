import { clsx } from 'clsx';
import type { CrewOption } from '#shared/contract/deliveries';
import { Spinner } from '#web/components/ui/spinner';

export interface CrewPickerProps {
  kind: 'Driver' | 'Assistant';
  options: readonly CrewOption[] | undefined;
  value: number | null;
  onChange: (employeeId: number | null) => void;
  /** Why there is no list yet (e.g. "Choose a route and a time first"). */
  waiting?: string;
  loading?: boolean;
}

/**
 * A radio list of the route's drivers or assistants: who is free (with their hours this week)
 * and, for those who are not, the rule they would break, as the server words it.
 */
export function CrewPicker({ kind: role, options, value, onChange, waiting, loading }: CrewPickerProps) {
  const name = `crew-${role.toLowerCase()}`;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 flex items-center gap-2 text-sm font-medium text-slate-800">
        {role} <span className="font-normal text-slate-500">(optional, can be set later)</span>
        {loading && <Spinner className="size-3.5" />}
      </legend>
      {waiting || !options ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-500">
          {waiting ?? 'Loading...'}
        </p>
      ) : (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
          <li>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
              <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
              <span className="text-slate-700">No {role.toLowerCase()} yet</span>
            </label>
          </li>
          {options.length === 0 && (
            <li className="px-3 py-2 text-sm text-slate-500">
              No {role.toLowerCase()}s work from this store.
            </li>
          )}
          {options.map((o) => (
            <li key={o.employee_id}>
              <label
                className={clsx(
                  'flex items-start gap-3 px-3 py-2 text-sm',
                  o.available ? 'cursor-pointer hover:bg-slate-50' : 'cursor-not-allowed bg-slate-50/60',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  className="mt-0.5"
                  disabled={!o.available}
                  checked={value === o.employee_id}
                  onChange={() => onChange(o.employee_id)}
                  aria-describedby={`${name}-${o.employee_id}`}
                />
                <span className="min-w-0">
                  <span className={clsx('font-medium', o.available ? 'text-slate-900' : 'text-slate-500')}>
                    {o.name}
                  </span>
                  <span id={`${name}-${o.employee_id}`} className="block text-xs">
                    {o.available ? (
                      <span className="text-emerald-700">
                        Free · {o.week_hours} of {o.weekly_limit} h this week
                      </span>
                    ) : (
                      <span className="text-red-700">{o.reason}</span>
                    )}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
