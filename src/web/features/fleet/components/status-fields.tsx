import { MAX_STATUS_NOTE } from '#shared/contract/fleet';
import { Textarea } from '#web/components/ui/textarea';
import { TRUCK_STATUS_MEANING, TRUCK_STATUSES, type TruckStatus } from './truck-status';

export interface StatusValue {
  status: TruckStatus;
  note: string;
}

/** The status as a radio group, each with what it means, and its note. */
export function StatusFields({
  value,
  onChange,
  noteError,
  name,
}: {
  value: StatusValue;
  onChange: (value: StatusValue) => void;
  noteError?: string;
  name: string;
}) {
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Status</legend>
        <div className="space-y-2">
          {TRUCK_STATUSES.map((status) => (
            <label
              key={status}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50/50"
            >
              <input
                type="radio"
                name={name}
                className="mt-0.5"
                checked={value.status === status}
                onChange={() => onChange({ ...value, status })}
              />
              <span>
                <span className="font-medium text-slate-900">{status}</span>
                <span className="block text-xs text-slate-600">{TRUCK_STATUS_MEANING[status]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Textarea
        label="Note"
        rows={3}
        maxLength={MAX_STATUS_NOTE}
        required={value.status === 'Under Repair'}
        optional={value.status !== 'Under Repair'}
        value={value.note}
        onChange={(e) => onChange({ ...value, note: e.target.value })}
        error={noteError}
        hint={
          value.status === 'Under Repair'
            ? 'What is being repaired and when it is back, e.g. "Clutch replaced at the workshop, back Friday".'
            : 'Anything the managers should know about it.'
        }
      />
    </div>
  );
}

/** The form's own check before it is sent (the server checks again). */
export function statusNoteError(value: StatusValue): string | undefined {
  return value.status === 'Under Repair' && !value.note.trim()
    ? 'Say what is being repaired: a note is required for Under Repair'
    : undefined;
}
