import { useEffect, useState } from 'react';
import type { Delivery } from '#shared/contract/deliveries';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { formatDateTime } from '#web/lib/format';
import { useCrewOptions } from '../api/get-crew-options';
import { useUpdateCrew } from '../api/save-delivery';
import { CrewPicker } from './crew-picker';

/** Set or change the driver and assistant of a scheduled delivery, with who is free. */
export function CrewDialog({ delivery, onClose }: { delivery: Delivery | null; onClose: () => void }) {
  const [driver, setDriver] = useState<number | null>(null);
  const [assistant, setAssistant] = useState<number | null>(null);
  const save = useUpdateCrew(delivery?.delivery_id ?? 0);
  const options = useCrewOptions(
    delivery
      ? {
          route_id: String(delivery.route_id),
          delivery_date_time: delivery.delivery_date_time,
          delivery_id: String(delivery.delivery_id),
        }
      : null,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the delivery's crew when it opens
  useEffect(() => {
    setDriver(delivery?.driver_employee_id ?? null);
    setAssistant(delivery?.assistant_employee_id ?? null);
    save.reset();
  }, [delivery?.delivery_id]);
  return (
    <Dialog
      open={delivery !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={delivery ? `Crew of delivery ${delivery.delivery_id}` : 'Crew'}
      description={
        delivery
          ? `${delivery.route_name} · leaves ${formatDateTime(delivery.delivery_date_time)}`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { driver_employee_id: driver, assistant_employee_id: assistant },
                { onSuccess: onClose },
              )
            }
          >
            Save crew
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {options.isError && <Alert variant="error">{options.error.message}</Alert>}
        <div className="grid gap-4 md:grid-cols-2">
          <CrewPicker
            kind="Driver"
            options={options.data?.drivers}
            value={driver}
            onChange={setDriver}
            loading={options.isFetching}
          />
          <CrewPicker
            kind="Assistant"
            options={options.data?.assistants}
            value={assistant}
            onChange={setAssistant}
            loading={options.isFetching}
          />
        </div>
        {save.isError && (
          <Alert variant="error" title="The crew was not saved">
            {save.error.message}
          </Alert>
        )}
      </div>
    </Dialog>
  );
}
