import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Store } from '#shared/contract/stores';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useDeleteStore } from '../api/delete-store';
import { useFleetStores } from '../api/get-stores';
import { StoreDialog } from './store-dialog';

/** The admin's stores: add, edit, delete (only one nothing belongs to). */
export function StoresTab({ notify }: { notify: (variant: 'success' | 'error', text: string) => void }) {
  const stores = useFleetStores();
  const remove = useDeleteStore();
  const [editing, setEditing] = useState<Store | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Store | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="size-4" /> Add store
        </Button>
      </div>
      {stores.isError && <QueryLoadError query={stores} title="Failed to load store data" />}
      {stores.isPending ? (
        <Loading label="Loading stores..." />
      ) : stores.data === undefined ? null : stores.data.length === 0 ? (
        <EmptyState title="No stores yet" description="Add the store near each served city's station." />
      ) : (
        <DataTable
          caption="Stores"
          className="rounded-lg border border-slate-200"
          rows={stores.data}
          rowKey={(s) => s.store_id}
          columns={[
            { header: 'City', cell: (s) => <span className="font-medium text-slate-900">{s.city}</span> },
            { header: 'Address', cell: (s) => s.address },
            { header: 'Near station', cell: (s) => s.near_station_name },
            { header: 'Contact', cell: (s) => s.contact_number ?? '—', className: 'whitespace-nowrap' },
            {
              header: <span className="sr-only">Actions</span>,
              align: 'right',
              cell: (s) => (
                <div className="flex justify-end gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(s)}
                    aria-label={`Edit the ${s.city} store`}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDeleting(s)}
                    aria-label={`Delete the ${s.city} store`}
                  >
                    <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      <StoreDialog
        open={editing !== undefined}
        store={editing ?? null}
        onClose={() => setEditing(undefined)}
        onDone={(text) => {
          setEditing(undefined);
          notify('success', text);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete the ${deleting.city} store?` : ''}
        description="Only a store no truck, route or staff member belongs to can be deleted."
        confirmLabel="Delete store"
        destructive
        onConfirm={() => {
          const store = deleting;
          setDeleting(null);
          if (!store) return;
          remove.mutate(store.store_id, {
            onSuccess: () => notify('success', `The ${store.city} store deleted.`),
            // the server's refusal names what and why
            onError: (error) => notify('error', error.message),
          });
        }}
      />
    </div>
  );
}
