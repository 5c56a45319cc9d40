import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Truck } from '#shared/contract/deliveries';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useDeleteTruck } from '../api/delete-truck';
import { useFleetTrucks } from '../api/get-trucks';
import { TruckDialog } from './truck-dialog';
import { TrucksTable } from './trucks-table';

/** The admin's trucks: add, edit, delete (only one that never had a run). */
export function TrucksTab({ notify }: { notify: (variant: 'success' | 'error', text: string) => void }) {
  const trucks = useFleetTrucks();
  const remove = useDeleteTruck();
  const [editing, setEditing] = useState<Truck | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Truck | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="size-4" /> Add truck
        </Button>
      </div>
      {trucks.isError && <QueryLoadError query={trucks} title="Failed to load trucks" />}
      {trucks.isPending ? (
        <Loading label="Loading trucks..." />
      ) : trucks.data === undefined ? null : trucks.data.length === 0 ? (
        <EmptyState title="No trucks yet" description="Add the trucks of each store to schedule runs." />
      ) : (
        <div className="rounded-lg border border-slate-200">
          <TrucksTable
            trucks={trucks.data}
            actions={(t) => (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditing(t)}
                  aria-label={`Edit ${t.plate_number}`}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setDeleting(t)}
                  aria-label={`Delete ${t.plate_number}`}
                >
                  <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                </Button>
              </>
            )}
          />
        </div>
      )}
      <TruckDialog
        open={editing !== undefined}
        truck={editing ?? null}
        onClose={() => setEditing(undefined)}
        onDone={(text) => {
          setEditing(undefined);
          notify('success', text);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.plate_number}?` : ''}
        description="Only a truck that never had a run can be deleted; one with history is kept for it (set it Under Repair to keep it off new runs)."
        confirmLabel="Delete truck"
        destructive
        onConfirm={() => {
          const truck = deleting;
          setDeleting(null);
          if (!truck) return;
          remove.mutate(truck.truck_id, {
            onSuccess: () => notify('success', `${truck.plate_number} deleted.`),
            // the server's refusal names what and why
            onError: (error) => notify('error', error.message),
          });
        }}
      />
    </div>
  );
}
