import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import {
  useDismissAlert,
  useInventoryAlerts,
  useRestoreAlert,
} from '#web/features/inventory-alerts/api/inventory-alerts';
import { AlertCard } from '#web/features/inventory-alerts/components/alert-card';
import { formatTime } from '#web/lib/format';

export function AlertsPage() {
  const alerts = useInventoryAlerts();
  const dismiss = useDismissAlert();
  const restore = useRestoreAlert();
  const [showDismissed, setShowDismissed] = useState(false);
  const busyId = dismiss.isPending ? dismiss.variables : restore.isPending ? restore.variables : null;
  const actionError = dismiss.error ?? restore.error;

  const all = alerts.data ?? [];
  const active = all.filter((a) => !a.dismissed);
  const dismissed = all.filter((a) => a.dismissed);
  const critical = active.filter((a) => a.alert_level === 'critical').length;
  const updated = alerts.dataUpdatedAt ? formatTime(new Date(alerts.dataUpdatedAt).toISOString()) : null;

  const card = (a: (typeof all)[number]) => (
    <AlertCard
      key={a.product_id}
      alert={a}
      busy={busyId === a.product_id}
      onDismiss={() => dismiss.mutate(a.product_id)}
      onRestore={() => restore.mutate(a.product_id)}
    />
  );

  return (
    <div>
      <PageHeader
        title="Low-stock alerts"
        description={`Products out of stock or below their reorder point. Refreshed every 30 s${updated ? `, last at ${updated}` : ''}.`}
      />
      {alerts.isError && <QueryLoadError query={alerts} title="Failed to load alerts" />}
      {alerts.isPending ? (
        <Loading label="Loading alerts..." />
      ) : alerts.data === undefined ? null : (
        <div className="space-y-6">
          {actionError && (
            <Alert
              variant="error"
              title="The alert could not be changed"
              onDismiss={() => {
                dismiss.reset();
                restore.reset();
              }}
            >
              {actionError.message}
            </Alert>
          )}
          <p className="text-sm text-slate-600" aria-live="polite">
            {active.length} active alert{active.length === 1 ? '' : 's'} ({critical} critical)
            {dismissed.length > 0 && `, ${dismissed.length} dismissed`}.
          </p>
          {active.length === 0 ? (
            <Card>
              <EmptyState
                icon={CircleCheck}
                title="No low-stock alerts"
                description={
                  dismissed.length
                    ? 'Every remaining alert is dismissed.'
                    : 'Every product is above its reorder point.'
                }
              />
            </Card>
          ) : (
            <section aria-label="Active alerts" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {active.map(card)}
            </section>
          )}
          {dismissed.length > 0 && (
            <section aria-label="Dismissed alerts" className="space-y-3">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setShowDismissed(!showDismissed)}
                aria-expanded={showDismissed}
              >
                {showDismissed ? 'Hide' : 'Show'} dismissed alerts ({dismissed.length})
              </Button>
              {showDismissed && (
                <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{dismissed.map(card)}</div>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
