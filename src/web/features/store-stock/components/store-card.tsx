import { clsx } from 'clsx';
import { MapPin, TrainFront } from 'lucide-react';
import type { Store, StoreStock } from '#shared/contract/stores';
import { Spinner } from '#web/components/ui/spinner';

export interface StoreCardProps {
  store: Store;
  stock: StoreStock | undefined;
  failed: boolean;
  selected: boolean;
  onSelect: () => void;
}

/** A store with city, address and nearby station, and how much it holds and expects. */
export function StoreCard({ store, stock, failed, selected, onSelect }: StoreCardProps) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={clsx(
        'w-full rounded-xl border bg-white p-4 text-left shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
        selected ? 'border-indigo-500 ring-2 ring-indigo-200' : 'border-slate-200 hover:border-slate-300',
      )}
    >
      <p className="text-base font-semibold text-slate-900">{store.city}</p>
      <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-600">
        <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
        {store.address}
      </p>
      <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-600">
        <TrainFront aria-hidden="true" className="size-3.5 shrink-0" />
        Near {store.near_station_name}
      </p>
      <div className="mt-3 flex gap-4 text-sm">
        {stock ? (
          <>
            <span>
              <span className="font-semibold tabular-nums text-slate-900">
                {stock.totals.units_at_store.toLocaleString('en-US')}
              </span>{' '}
              <span className="text-slate-500">units here</span>
            </span>
            <span>
              <span className="font-semibold tabular-nums text-slate-900">
                {stock.totals.units_on_the_way.toLocaleString('en-US')}
              </span>{' '}
              <span className="text-slate-500">on the way</span>
            </span>
          </>
        ) : failed ? (
          <span className="text-red-700">Stock unavailable</span>
        ) : (
          <Spinner className="size-4 text-slate-400" />
        )}
      </div>
    </button>
  );
}
