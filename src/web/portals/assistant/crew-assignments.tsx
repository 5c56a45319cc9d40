import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useAssignments } from '#web/features/crew/api/get-assignments';
import { AssignmentList, splitByDay } from '#web/features/crew/components/assignment-list';
import { paths } from '#web/lib/paths';
import { NotLinkedToEmployee } from './not-linked';
import { useCrewEmployeeId } from './use-crew-member';

/** The signed-in crew member's runs with their loading, error and empty states. */
export function CrewAssignments({ withDelivered = false }: { withDelivered?: boolean }) {
  const employeeId = useCrewEmployeeId();
  const query = useAssignments(employeeId);
  if (employeeId === null) return <NotLinkedToEmployee />;
  if (query.isPending) return <Loading label="Loading your assignments..." />;
  if (!query.data)
    return (
      <LoadError
        title="Failed to load assignments"
        error={query.error ?? new Error('Failed to load')}
        onRetry={() => query.refetch()}
      />
    );
  const split = splitByDay(query.data);
  return (
    <AssignmentList
      canStart
      confirmationPath={paths.assistant.confirmation}
      sections={[
        { title: 'Today', rows: split.today },
        { title: 'Upcoming', rows: split.upcoming },
        ...(withDelivered ? [{ title: 'Delivered in the last 7 days', rows: split.delivered }] : []),
      ]}
    />
  );
}
