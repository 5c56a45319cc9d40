import { useState } from 'react';
import type { Delivery } from '#shared/contract/deliveries';
import { useSession } from '#web/app/session';
import { Card, CardHeader } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { PaginationBar } from '#web/components/ui/pagination-bar';
import { Loading } from '#web/components/ui/spinner';
import { useDeliveries } from '#web/features/deliveries/api/get-deliveries';
import { CrewDialog } from '#web/features/deliveries/components/crew-dialog';
import { DeliveriesList } from '#web/features/deliveries/components/deliveries-list';
import { LoadOrdersDialog } from '#web/features/deliveries/components/load-orders-dialog';
import { ScheduleDeliveryForm } from '#web/features/deliveries/components/schedule-delivery-form';
import { parsePage } from '#web/lib/pagination';
import { useUrlFilters } from '../use-url-filters';

const PAGE_SIZE = 10;

/** /manager/truck: the scheduling form, the upcoming deliveries, loading and crews. */
export function TruckPage() {
  const { user } = useSession();
  const { params, update } = useUrlFilters();
  const page = parsePage(params.get('page'));
  const deliveries = useDeliveries({ page: String(page), page_size: String(PAGE_SIZE) });
  const [loading, setLoading] = useState<Delivery | null>(null);
  const [crew, setCrew] = useState<Delivery | null>(null);
  // keep the open dialog's delivery current after a save refreshes the list
  const fresh = (d: Delivery | null) =>
    d ? (deliveries.data?.rows.find((x) => x.delivery_id === d.delivery_id) ?? d) : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Truck Scheduling"
        description="Put trucks on routes with a crew that keeps the roster rules, and load their orders."
        className="mb-0"
      />
      <ScheduleDeliveryForm userId={user?.user_id ?? null} onLoad={setLoading} />
      <Card className="overflow-hidden">
        <CardHeader title="Upcoming deliveries" description="Scheduled and on the road, earliest first." />
        {deliveries.isPending ? (
          <Loading label="Loading deliveries..." />
        ) : deliveries.isError ? (
          <div className="p-4">
            <LoadError
              title="Failed to load deliveries"
              error={deliveries.error}
              onRetry={() => deliveries.refetch()}
            />
          </div>
        ) : (
          <>
            <DeliveriesList deliveries={deliveries.data.rows} onLoad={setLoading} onCrew={setCrew} />
            {deliveries.data.total > PAGE_SIZE && (
              <div className="border-t border-slate-100 px-4 py-3">
                <PaginationBar
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={deliveries.data.total}
                  onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
                />
              </div>
            )}
          </>
        )}
      </Card>
      <LoadOrdersDialog delivery={fresh(loading)} onClose={() => setLoading(null)} />
      <CrewDialog delivery={fresh(crew)} onClose={() => setCrew(null)} />
    </div>
  );
}
