import { CalendarRange, Sparkles } from 'lucide-react';
import { PLAN_MAX_DAYS } from '#shared/contract/planning';
import { Button } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { Input } from '#web/components/ui/input';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { formatDate, formatSpace } from '#web/lib/format';
import { usePendingOrders } from '../api/get-pending-orders';
import { periodDays } from '../lib/timeline';

export interface PlanFormProps {
  from: string;
  to: string;
  onPeriod: (period: { from: string; to: string }) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: Set<number>) => void;
  onPlan: () => void;
  planning: boolean;
}

/** The period to plan and the pending orders to include; approved orders are always included. */
export function PlanForm({ from, to, onPeriod, selected, onSelect, onPlan, planning }: PlanFormProps) {
  const tooLong = from <= to && periodDays(from, to).length > PLAN_MAX_DAYS;
  const periodError =
    from > to
      ? 'The period ends before it starts.'
      : tooLong
        ? `A plan covers at most ${PLAN_MAX_DAYS} days.`
        : null;
  const pending = usePendingOrders(from, to, periodError === null);
  const orders = pending.data?.orders ?? [];
  const allSelected = orders.length > 0 && orders.every((o) => selected.has(o.order_id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <Card className="mb-6">
      <CardHeader
        title="What to plan"
        description="Approved orders of the period that have no train or truck yet are always planned. Tick the pending orders to approve and plan with them."
      />
      <div className="flex flex-wrap items-end gap-3 px-5 pt-4">
        <Input
          label="From"
          type="date"
          value={from}
          max={to}
          onChange={(e) => e.target.value && onPeriod({ from: e.target.value, to })}
          containerClassName="w-44"
        />
        <Input
          label="To"
          type="date"
          value={to}
          min={from}
          onChange={(e) => e.target.value && onPeriod({ from, to: e.target.value })}
          containerClassName="w-44"
        />
        <Button
          onClick={onPlan}
          loading={planning}
          disabled={planning || periodError !== null}
          className="ml-auto"
        >
          {!planning && <Sparkles aria-hidden="true" className="size-4" />}
          {planning ? 'Planning…' : 'Plan'}
        </Button>
      </div>
      {periodError && (
        <p role="alert" className="px-5 pt-2 text-sm text-red-700">
          {periodError}
        </p>
      )}
      <div className="px-5 py-4">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-900">
            Pending orders in the period{' '}
            <span className="font-normal text-slate-500">
              ({selected.size} of {orders.length} selected)
            </span>
          </h3>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={orders.length === 0 || allSelected}
              onClick={() => onSelect(new Set(orders.map((o) => o.order_id)))}
            >
              Select all
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={selected.size === 0}
              onClick={() => onSelect(new Set())}
            >
              Clear
            </Button>
          </div>
        </div>
        {periodError ? (
          <p className="py-6 text-center text-sm text-slate-600">
            Correct the period to see its pending orders.
          </p>
        ) : pending.isPending ? (
          <Loading label="Loading pending orders…" />
        ) : pending.isError ? (
          <LoadError
            title="Could not load the pending orders"
            error={pending.error}
            onRetry={() => pending.refetch()}
          />
        ) : orders.length === 0 ? (
          <EmptyState
            icon={CalendarRange}
            title="No pending orders in this period"
            description="The approved orders of the period will still be planned."
            className="py-6"
          />
        ) : (
          <fieldset className="max-h-64 overflow-y-auto rounded-lg border border-slate-200">
            <legend className="sr-only">Pending orders to include</legend>
            <ul className="divide-y divide-slate-100">
              {orders.map((o) => (
                <li key={o.order_id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 text-indigo-600"
                      checked={selected.has(o.order_id)}
                      onChange={() => toggle(o.order_id)}
                      aria-label={`Order #${o.order_id}`}
                    />
                    <span className="w-16 shrink-0 font-medium tabular-nums text-slate-900">
                      #{o.order_id}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-slate-700">{o.customer_name}</span>
                      <span className="block truncate text-xs text-slate-500 sm:hidden">
                        {formatDate(o.schedule_date)} · {formatSpace(o.space)} u · {o.city ?? 'No city'}
                      </span>
                    </span>
                    <span className="hidden w-40 truncate text-slate-600 md:block">
                      {o.city ?? 'No city'}
                      {o.route_name ? ` · ${o.route_name}` : ''}
                    </span>
                    <span className="hidden w-24 text-right text-slate-600 sm:block">
                      {formatDate(o.schedule_date)}
                    </span>
                    <span className="hidden w-20 text-right tabular-nums text-slate-600 sm:block">
                      {formatSpace(o.space)} u
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </div>
    </Card>
  );
}
