import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { DataTable } from '#web/components/ui/data-table';
import { Dialog } from '#web/components/ui/dialog';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { formatDate, formatDateTime, formatSpace } from '#web/lib/format';
import { useAllocateTrain, useAllocationPreview } from '../../api/order-decisions';

/**
 * Allocate to Train: shows the trips the server would book now (same rules, nothing booked yet)
 * or its reason, then books them; a booking refused meanwhile shows the server's reason.
 */
export function AllocateTrainDialog({
  orderId,
  open,
  onOpenChange,
  onDone,
}: {
  orderId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const preview = useAllocationPreview(orderId, open);
  const allocate = useAllocateTrain(orderId);
  function close(next: boolean) {
    if (!next) allocate.reset();
    onOpenChange(next);
  }
  const p = preview.data;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title={`Allocate order #${orderId} to trains`}
      description={
        p
          ? `${formatSpace(p.space)} units of space to ${p.destination_city ?? 'no destination'}, to arrive before ${formatDate(p.schedule_date)}`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={!p?.can_allocate}
            loading={allocate.isPending}
            onClick={() =>
              allocate.mutate(undefined, {
                onSuccess: (res) => {
                  close(false);
                  onDone(
                    `Order #${orderId} booked on ${res.allocations
                      .map(
                        (a) =>
                          `trip ${a.train_trip_id} (${formatSpace(a.allocated_space)} units, departs ${formatDateTime(a.departure_date_time)})`,
                      )
                      .join(' and ')}; it is now Scheduled.`,
                  );
                },
              })
            }
          >
            Book on these trains
          </Button>
        </>
      }
    >
      {preview.isPending || preview.isFetching ? (
        <Loading label="Finding trains with space..." />
      ) : preview.isError ? (
        <LoadError
          title="Failed to check the trains"
          error={preview.error}
          onRetry={() => preview.refetch()}
        />
      ) : (
        <div className="space-y-4">
          {preview.data.reason ? (
            <Alert variant="warning" title="This order cannot be booked now">
              {preview.data.reason}
            </Alert>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {preview.data.plan.length > 1
                  ? `The order does not fit on one train: it will travel on ${preview.data.plan.length} trips.`
                  : 'The order fits on the earliest train with space.'}
              </p>
              <DataTable
                caption="Trips that will carry the order"
                rows={preview.data.plan}
                rowKey={(a) => a.train_trip_id}
                columns={[
                  { header: 'Trip', cell: (a) => `${a.train_trip_id} · ${a.train_name}` },
                  {
                    header: 'Departs',
                    cell: (a) => formatDateTime(a.departure_date_time),
                    className: 'whitespace-nowrap',
                  },
                  {
                    header: 'Arrives',
                    cell: (a) => formatDateTime(a.arrival_date_time),
                    className: 'whitespace-nowrap',
                  },
                  { header: 'Space', cell: (a) => formatSpace(a.allocated_space), align: 'right' },
                ]}
              />
            </>
          )}
          {preview.data.trips.length > 0 && (
            <p className="text-xs text-slate-500">
              Trips before the date:{' '}
              {preview.data.trips
                .map((t) => `${t.train_trip_id} (${formatSpace(t.free_capacity)} free)`)
                .join(', ')}
              .
            </p>
          )}
          {allocate.isError && (
            <Alert variant="error" title="Nothing was booked">
              {allocate.error.message}
            </Alert>
          )}
        </div>
      )}
    </Dialog>
  );
}
