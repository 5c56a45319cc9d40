import { PageHeader } from '#web/components/ui/page-header';
import { useT } from '#web/i18n/provider';
import { CrewAssignments } from '../crew-assignments';

/** /assistant/assignments: every delivery of one's own, with Start delivery on the scheduled ones. */
export function AssignmentsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('nav.assignments')} description={t('crew.assignments.lead')} />
      <CrewAssignments withDelivered />
    </>
  );
}
