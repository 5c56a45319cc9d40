import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ProposalView } from '#shared/contract/planning';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { type Column, DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { paths } from '#web/lib/paths';

type Unplanned = ProposalView['unplanned'][number];

const STAGE: Record<Unplanned['stage'], { label: string; tone: BadgeTone }> = {
  order: { label: 'Order', tone: 'neutral' },
  train: { label: 'Train', tone: 'danger' },
  truck: { label: 'Truck', tone: 'warning' },
  crew: { label: 'Crew', tone: 'purple' },
};

const SHOWN = 500;

const columns: Column<Unplanned>[] = [
  {
    header: 'Order',
    className: 'whitespace-nowrap',
    cell: (u) => (
      <Link to={paths.manager.order(u.order_id)} className="font-medium text-indigo-700 hover:underline">
        #{u.order_id}
      </Link>
    ),
  },
  { header: 'Step', cell: (u) => <Badge tone={STAGE[u.stage].tone}>{STAGE[u.stage].label}</Badge> },
  { header: 'Why it could not be planned', cell: (u) => <span className="text-slate-700">{u.reason}</span> },
];

/** Every order the proposal could not plan, with the step that failed and why. */
export function UnplannedList({ unplanned }: { unplanned: Unplanned[] }) {
  if (unplanned.length === 0) {
    return (
      <EmptyState icon={CheckCircle2} title="Every order is planned" description="Nothing was left out." />
    );
  }
  return (
    <div>
      <DataTable
        caption="Orders that could not be planned"
        columns={columns}
        rows={unplanned.slice(0, SHOWN)}
        rowKey={(u) => u.order_id}
      />
      {unplanned.length > SHOWN && (
        <p className="px-5 py-3 text-sm text-slate-600">
          Showing the first {SHOWN} of {unplanned.length} orders.
        </p>
      )}
    </div>
  );
}
