import { Wrench } from 'lucide-react';
import { useState } from 'react';
import type { Truck } from '#shared/contract/deliveries';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useFleetTrucks } from '../api/get-trucks';
import { TruckStatusDialog } from './truck-status-dialog';
import { TrucksTable } from './trucks-table';

/** The manager's truck board: every truck's status with its note, and setting it. */
export function TruckBoard() {
  const trucks = useFleetTrucks();
  const [editing, setEditing] = useState<Truck | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Card className="overflow-hidden" role="region" aria-label="Trucks">
      <CardHeader
        title="Trucks"
        description="Their condition: a truck Under Repair takes no new run, and its scheduled runs are flagged below."
      />
      {message && (
        <div className="px-5 pt-4">
          <Alert variant="success" onDismiss={() => setMessage(null)}>
            {message}
          </Alert>
        </div>
      )}
      {trucks.isError && (
        <div className="p-4">
          <QueryLoadError query={trucks} title="Failed to load trucks" />
        </div>
      )}
      {trucks.isPending ? (
        <Loading label="Loading trucks..." />
      ) : trucks.data === undefined ? null : trucks.data.length === 0 ? (
        <EmptyState title="No trucks yet" description="An admin adds the fleet's trucks under Fleet." />
      ) : (
        <TrucksTable
          trucks={trucks.data}
          actions={(t) => (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setMessage(null);
                setEditing(t);
              }}
              aria-label={`Set the status of ${t.plate_number}`}
            >
              <Wrench aria-hidden="true" className="size-4" /> Status
            </Button>
          )}
        />
      )}
      <TruckStatusDialog
        truck={editing}
        onClose={() => setEditing(null)}
        onDone={(text) => {
          setEditing(null);
          setMessage(text);
        }}
      />
    </Card>
  );
}
