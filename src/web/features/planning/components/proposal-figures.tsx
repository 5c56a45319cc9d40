import { CalendarCheck, Clock, TrainFront, Truck } from 'lucide-react';
import type { PlanFigures } from '#shared/contract/planning';
import { StatCard } from '#web/components/ui/stat-card';
import { formatSpace } from '#web/lib/format';

/** The figures before and after the proposal. */
export function ProposalFigures({ figures }: { figures: PlanFigures }) {
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Planned on time"
        icon={CalendarCheck}
        tone={figures.orders_unplanned > 0 ? 'warning' : 'success'}
        value={`${figures.orders_on_time} / ${figures.orders_total}`}
        hint={`${figures.orders_unplanned} could not be planned`}
      />
      <StatCard
        label="Train utilisation after"
        icon={TrainFront}
        tone="brand"
        value={`${figures.train_utilisation_after} %`}
        hint={`was ${figures.train_utilisation_before} % · ${figures.train_bookings} new bookings`}
      />
      <StatCard
        label="Trucks used"
        icon={Truck}
        tone="info"
        value={`${figures.trucks_used} / ${figures.trucks_available}`}
        hint={`${figures.deliveries} deliveries planned`}
      />
      <StatCard
        label="Crew hours after"
        icon={Clock}
        tone="violet"
        value={`${formatSpace(figures.crew_hours_after)} h`}
        hint={`was ${formatSpace(figures.crew_hours_before)} h · drivers and assistants`}
      />
    </div>
  );
}
