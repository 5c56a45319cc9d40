import { type FormEvent, useEffect, useState } from 'react';
import type { Truck } from '#shared/contract/deliveries';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { useSetTruckStatus } from '../api/set-truck-status';
import { StatusFields, type StatusValue, statusNoteError } from './status-fields';

/** Set a truck's status with a note (managers and admins): PATCH /Trucks/trucks/{id}/status. */
export function TruckStatusDialog({
  truck,
  onClose,
  onDone,
}: {
  truck: Truck | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const save = useSetTruckStatus();
  const [value, setValue] = useState<StatusValue>({ status: 'Available', note: '' });
  const [noteError, setNoteError] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another truck's dialog opens
  useEffect(() => {
    if (!truck) return;
    save.reset();
    setNoteError(undefined);
    setValue({ status: truck.status, note: truck.status_note ?? '' });
  }, [truck]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!truck) return;
    const problem = statusNoteError(value);
    setNoteError(problem);
    if (problem) return;
    save.mutate(
      { id: truck.truck_id, body: { status: value.status, status_note: value.note.trim() || null } },
      {
        onSuccess: (t) =>
          onDone(
            t.status === 'Under Repair' && t.scheduled_runs > 0
              ? `${t.plate_number} is Under Repair: ${t.scheduled_runs} scheduled ${t.scheduled_runs === 1 ? 'run needs' : 'runs need'} another truck (flagged in the deliveries list).`
              : `${t.plate_number} is ${t.status}.`,
          ),
      },
    );
  };
  return (
    <Dialog
      open={truck !== null}
      onOpenChange={(open) => !open && onClose()}
      title={truck ? `Status of ${truck.plate_number}` : ''}
      description={truck ? `${truck.store_city} store · ${truck.capacity} units of space` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="truck-status-form" loading={save.isPending}>
            Save status
          </Button>
        </>
      }
    >
      <form id="truck-status-form" onSubmit={submit} noValidate className="space-y-4">
        {save.isError && (
          <Alert variant="error" title="The status was not saved">
            {save.error.message}
          </Alert>
        )}
        <StatusFields
          name="truck-status"
          value={value}
          onChange={(next) => {
            setValue(next);
            if (noteError) setNoteError(statusNoteError(next));
          }}
          noteError={noteError}
        />
      </form>
    </Dialog>
  );
}
