import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Route } from '#shared/contract/deliveries';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useDeleteRoute } from '../api/delete-route';
import { useFleetRoutes } from '../api/get-routes';
import { RouteDialog } from './route-dialog';

/** The admin's routes: add, edit, delete (only one no order or run refers to). */
export function RoutesTab({ notify }: { notify: (variant: 'success' | 'error', text: string) => void }) {
  const routes = useFleetRoutes();
  const remove = useDeleteRoute();
  const [editing, setEditing] = useState<Route | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Route | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="size-4" /> Add route
        </Button>
      </div>
      {routes.isError && <QueryLoadError query={routes} title="Failed to load routes" />}
      {routes.isPending ? (
        <Loading label="Loading routes..." />
      ) : routes.data === undefined ? null : routes.data.length === 0 ? (
        <EmptyState title="No routes yet" description="Add the routes trucks take from each store." />
      ) : (
        <DataTable
          caption="Routes"
          className="rounded-lg border border-slate-200"
          rows={routes.data}
          rowKey={(r) => r.route_id}
          columns={[
            { header: 'Route', cell: (r) => <span className="font-medium text-slate-900">{r.name}</span> },
            { header: 'Store', cell: (r) => r.store_city },
            { header: 'Ends at', cell: (r) => r.end_location },
            {
              header: 'Towns',
              cell: (r) => (
                <span className="block max-w-72 text-slate-700">{r.covered_towns.join(', ')}</span>
              ),
            },
            { header: 'Max hours', cell: (r) => `${r.max_delivery_hours} h`, align: 'right' },
            {
              header: <span className="sr-only">Actions</span>,
              align: 'right',
              cell: (r) => (
                <div className="flex justify-end gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(r)}
                    aria-label={`Edit ${r.name}`}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDeleting(r)}
                    aria-label={`Delete ${r.name}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      <RouteDialog
        open={editing !== undefined}
        route={editing ?? null}
        onClose={() => setEditing(undefined)}
        onDone={(text) => {
          setEditing(undefined);
          notify('success', text);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete route ${deleting.name}?` : ''}
        description="Only a route no order or run refers to can be deleted; one with history is kept for it."
        confirmLabel="Delete route"
        destructive
        onConfirm={() => {
          const route = deleting;
          setDeleting(null);
          if (!route) return;
          remove.mutate(route.route_id, {
            onSuccess: () => notify('success', `Route ${route.name} deleted.`),
            // the server's refusal names what and why
            onError: (error) => notify('error', error.message),
          });
        }}
      />
    </div>
  );
}
