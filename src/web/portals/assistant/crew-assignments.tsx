import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useAssignments } from '#web/features/crew/api/get-assignments';
import { AssignmentList, splitByDay } from '#web/features/crew/components/assignment-list';
import { useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';
import { NotLinkedToEmployee } from './not-linked';
import { useCrewEmployeeId } from './use-crew-member';

/** The signed-in crew member's runs with their loading, error and empty states. */
export function CrewAssignments({ withDelivered = false }: { withDelivered?: boolean }) {
  const t = useT();
  const employeeId = useCrewEmployeeId();
  const query = useAssignments(employeeId);
  if (employeeId === null) return <NotLinkedToEmployee />;
  if (query.isPending) return <Loading label={t('crew.assignments.loading')} />;
  if (!query.data)
    return (
      <LoadError
        title={t('crew.assignments.loadFailed')}
        error={query.error ?? new Error(t('crew.common.loadFailed'))}
        onRetry={() => query.refetch()}
      />
    );
  const split = splitByDay(query.data);
  return (
    <AssignmentList
      canStart
      confirmationPath={paths.assistant.confirmation}
      sections={[
        { title: t('crew.assignments.today'), rows: split.today },
        { title: t('crew.assignments.upcoming'), rows: split.upcoming },
        ...(withDelivered ? [{ title: t('crew.assignments.recent'), rows: split.delivered }] : []),
      ]}
    />
  );
}
