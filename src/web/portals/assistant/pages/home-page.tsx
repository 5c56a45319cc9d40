import { PageHeader } from '#web/components/ui/page-header';
import { COLOMBO_TIME } from '#web/lib/format';
import { useSession } from '#web/lib/session';
import { CrewAssignments } from '../crew-assignments';

/** /assistant and /driver: today's runs and the coming ones. */
export function AssistantHomePage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title={`Hello, ${user?.user_name ?? 'there'}`}
        pageTitle="Dashboard"
        description={`Your deliveries today and in the coming days. Times in ${COLOMBO_TIME}.`}
      />
      <CrewAssignments />
    </>
  );
}
