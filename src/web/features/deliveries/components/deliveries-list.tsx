import { Truck as TruckIcon, Wrench } from 'lucide-react';
import type { Delivery } from '#shared/contract/deliveries';
import { Badge, StatusBadge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { Meter } from '#web/components/ui/meter';
import { formatDateTime, formatSpace } from '#web/lib/format';

function Crew({ label, name }: { label: string; name: string | null }) {
  return (
    <span className="flex items-center gap-1.5">
      <span className="text-slate-500">{label}:</span>
      {name ? (
        <span className="text-slate-800">{name}</span>
      ) : (
        <Badge tone="warning">No {label.toLowerCase()}</Badge>
      )}
    </span>
  );
}

export interface DeliveriesListProps {
  deliveries: readonly Delivery[];
  onLoad: (delivery: Delivery) => void;
  onCrew: (delivery: Delivery) => void;
  /** Moves a scheduled run to another truck. */
  onTruck?: (delivery: Delivery) => void;
}

/** A run on a truck that went Under Repair: it cannot start with it (docs/decisions/0057). */
function RepairFlag({ delivery: d }: { delivery: Delivery }) {
  return (
    <p className="flex items-start gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-sm text-amber-950">
      <Wrench aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Truck {d.plate_number} is Under Repair{d.truck_status_note ? ` (${d.truck_status_note})` : ''}
        {d.status === 'Scheduled' ? ': move this run to another truck before it leaves.' : '.'}
      </span>
    </p>
  );
}

/**
 * Upcoming and running deliveries with truck, crew, load and orders (its empty text:
 * docs/product/portals.md#screens-in-common).
 */
export function DeliveriesList({ deliveries, onLoad, onCrew, onTruck }: DeliveriesListProps) {
  if (deliveries.length === 0) {
    return (
      <EmptyState
        icon={TruckIcon}
        title="No deliveries scheduled"
        description="Schedule a truck on a route above, then load its orders."
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {deliveries.map((d) => (
        <li
          key={d.delivery_id}
          className="grid gap-3 px-4 py-4 sm:px-5 lg:grid-cols-[1fr_15rem_auto] lg:items-center"
        >
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              <span>Delivery {d.delivery_id}</span>
              <StatusBadge status={d.status} />
              {d.status === 'In Transit' && new Date(d.end_date_time) < new Date() && (
                <Badge tone="warning">Running late</Badge>
              )}
              <span className="text-sm font-normal text-slate-600">
                {formatDateTime(d.delivery_date_time)} – {formatDateTime(d.end_date_time).split(', ')[1]}
              </span>
            </p>
            <p className="text-sm text-slate-700">
              {d.route_name} ({d.store_city} → {d.end_location}) · truck {d.plate_number}
            </p>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <Crew label="Driver" name={d.driver_name} />
              <Crew label="Assistant" name={d.assistant_name} />
            </p>
            {d.truck_status === 'Under Repair' && <RepairFlag delivery={d} />}
            {d.orders.length > 0 && (
              <p className="truncate text-xs text-slate-500">
                Orders: {d.orders.map((o) => `#${o.order_id} ${o.customer_name}`).join(' · ')}
              </p>
            )}
          </div>
          <div>
            <Meter
              label={`Load of delivery ${d.delivery_id}`}
              value={d.loaded_space}
              max={d.truck_capacity}
              danger={100}
              warning={90}
              color="sky"
              valueText={`${formatSpace(d.loaded_space)} / ${formatSpace(d.truck_capacity)}`}
              className="[&>span]:w-28"
            />
            <p className="mt-1 text-xs text-slate-500">
              {d.order_count} order{d.order_count === 1 ? '' : 's'} on the truck
              {d.failed_order_count > 0 && ` · ${d.failed_order_count} back with items not delivered`}
            </p>
          </div>
          {d.status === 'Scheduled' ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onLoad(d)}
                aria-label={`Load orders on delivery ${d.delivery_id}`}
              >
                Load orders
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onCrew(d)}
                aria-label={`Crew of delivery ${d.delivery_id}`}
              >
                Crew
              </Button>
              {onTruck && (
                <Button
                  variant={d.truck_status === 'Under Repair' ? 'secondary' : 'ghost'}
                  size="sm"
                  onClick={() => onTruck(d)}
                  aria-label={`Truck of delivery ${d.delivery_id}`}
                >
                  Truck
                </Button>
              )}
            </div>
          ) : (
            <span className="text-sm text-slate-500">On the road</span>
          )}
        </li>
      ))}
    </ul>
  );
}
