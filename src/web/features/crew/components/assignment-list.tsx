import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Assignment } from '#shared/contract/crew';
import { businessDate } from '#shared/dates';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { EmptyState } from '#web/components/ui/empty-state';
import { useT } from '#web/i18n/provider';
import { useStartDelivery } from '../api/start-delivery';
import { crewText } from '../lib/crew-texts';
import { useNow } from '../lib/use-now';
import { AssignmentCard } from './assignment-card';

export interface AssignmentSection {
  title: string;
  rows: Assignment[];
}

export interface AssignmentListProps {
  sections: AssignmentSection[];
  confirmationPath: string;
  /** Shows "Start delivery" on scheduled deliveries. */
  canStart: boolean;
}

/** Sections of assignment cards, with starting a delivery (asked first) and its outcome. */
export function AssignmentList({ sections, confirmationPath, canStart }: AssignmentListProps) {
  const t = useT();
  const navigate = useNavigate();
  const start = useStartDelivery();
  const now = useNow();
  const [asking, setAsking] = useState<Assignment | null>(null);
  const shown = sections.filter((s) => s.rows.length > 0);
  if (shown.length === 0) {
    return (
      <EmptyState
        icon={CalendarClock}
        title={t('crew.assignments.empty')}
        description={t('crew.assignments.emptyLead')}
      />
    );
  }
  return (
    <div className="space-y-6">
      {shown.map((section) => (
        <section key={section.title} aria-label={section.title}>
          <h2 className="mb-3 text-sm font-semibold tracking-wider text-slate-500 uppercase">
            {section.title}
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {section.rows.map((a) => (
              <li key={a.delivery_id}>
                <AssignmentCard
                  assignment={a}
                  confirmationPath={confirmationPath}
                  onStart={canStart ? () => setAsking(a) : undefined}
                  starting={start.isPending && start.variables === a.delivery_id}
                  startError={
                    start.isError && start.variables === a.delivery_id
                      ? crewText(t, start.error.message)
                      : undefined
                  }
                  now={now}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? t('crew.start.ask', { id: asking.delivery_id }) : ''}
        description={
          asking
            ? t('crew.start.askLead', {
                route: asking.route_name,
                plate: asking.plate_number,
                count: asking.order_count,
              })
            : undefined
        }
        confirmLabel={t('crew.start.button')}
        cancelLabel={t('crew.common.cancel')}
        onConfirm={() => {
          const chosen = asking;
          setAsking(null);
          if (!chosen) return;
          start.mutate(chosen.delivery_id, {
            onSuccess: () => navigate(`${confirmationPath}?delivery=${chosen.delivery_id}`),
          });
        }}
      />
    </div>
  );
}

/**
 * Today's (on the road, or starting today or earlier, in the business's time zone) first, then
 * the coming days, then recently delivered.
 */
export function splitByDay(rows: Assignment[], now = new Date()) {
  const today = businessDate(now);
  const startsByToday = (a: Assignment) => businessDate(new Date(a.delivery_date_time)) <= today;
  return {
    today: rows.filter((a) => a.status === 'In Transit' || (a.status === 'Scheduled' && startsByToday(a))),
    upcoming: rows.filter((a) => a.status === 'Scheduled' && !startsByToday(a)),
    delivered: rows.filter((a) => a.status === 'Delivered' || a.status === 'Failed'),
  };
}
