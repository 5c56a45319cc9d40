import { PageHeader } from '#web/components/ui/page-header';
import { COLOMBO_TIME } from '#web/lib/format';
import { CrewAssignments } from '../crew-assignments';

/** /assistant/assignments: every delivery of one's own, with Start delivery on the scheduled ones. */
export function AssignmentsPage() {
  return (
    <>
      <PageHeader
        title="Assignments"
        description={`Start a delivery when the truck leaves the store. Times in ${COLOMBO_TIME}.`}
      />
      <CrewAssignments withDelivered />
    </>
  );
}
