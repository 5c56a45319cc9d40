import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import type { Delivery } from '#shared/contract/deliveries';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { formatDateTime, formatSpace } from '#web/lib/format';
import { useTrucks } from '../api/get-fleet';
import { useChangeTruck } from '../api/save-delivery';
import { truckRefusal } from '../lib/truck-choice';

/** Move a scheduled run to another truck of its store (e.g. its own went Under Repair). */
export function TruckChangeDialog({ delivery, onClose }: { delivery: Delivery | null; onClose: () => void }) {
  const trucks = useTrucks();
  const save = useChangeTruck(delivery?.delivery_id ?? 0);
  const [chosen, setChosen] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the run's truck when it opens
  useEffect(() => {
    setChosen(delivery?.truck_id ?? null);
    save.reset();
  }, [delivery?.delivery_id]);
  const storeId = delivery
    ? (trucks.data?.find((t) => t.truck_id === delivery.truck_id)?.store_id ?? null)
    : null;
  const options = (trucks.data ?? []).filter((t) => storeId === null || t.store_id === storeId);
  return (
    <Dialog
      open={delivery !== null}
      onOpenChange={(open) => !open && onClose()}
      title={delivery ? `Truck of delivery ${delivery.delivery_id}` : 'Truck'}
      description={
        delivery
          ? `${delivery.route_name} · leaves ${formatDateTime(delivery.delivery_date_time)} · carries ${formatSpace(delivery.loaded_space)} units of space`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={save.isPending}
            disabled={chosen === null || chosen === delivery?.truck_id}
            onClick={() => chosen !== null && save.mutate({ truck_id: chosen }, { onSuccess: onClose })}
          >
            Move to this truck
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {trucks.isError && <Alert variant="error">{trucks.error.message}</Alert>}
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            Trucks of the {delivery?.store_city} store
          </legend>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {options.map((t) => {
              const why = truckRefusal(t, storeId);
              const small = delivery && t.capacity < delivery.loaded_space ? 'too small for its load' : null;
              const reason = why ?? small;
              return (
                <li key={t.truck_id}>
                  <label
                    className={clsx(
                      'flex items-start gap-3 px-3 py-2 text-sm',
                      reason ? 'cursor-not-allowed bg-slate-50/60' : 'cursor-pointer hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="radio"
                      name="run-truck"
                      className="mt-0.5"
                      disabled={!!reason}
                      checked={chosen === t.truck_id}
                      onChange={() => setChosen(t.truck_id)}
                      aria-describedby={`run-truck-${t.truck_id}`}
                    />
                    <span>
                      <span className={clsx('font-medium', reason ? 'text-slate-500' : 'text-slate-900')}>
                        {t.plate_number}
                        {t.truck_id === delivery?.truck_id && ' (its truck now)'}
                      </span>
                      <span id={`run-truck-${t.truck_id}`} className="block text-xs">
                        {reason ? (
                          <span className="text-red-700">{reason}</span>
                        ) : (
                          <span className="text-emerald-700">
                            {t.status} · {formatSpace(t.capacity)} units
                            {t.status_note ? ` · ${t.status_note}` : ''}
                          </span>
                        )}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {save.isError && (
          <Alert variant="error" title="The run was not moved">
            {save.error.message}
          </Alert>
        )}
      </div>
    </Dialog>
  );
}
