import { PageHeader } from '#web/components/ui/page-header';
import { useT } from '#web/i18n/provider';
import { useSession } from '#web/lib/session';
import { CrewAssignments } from '../crew-assignments';

/** /assistant and /driver: today's runs and the coming ones. */
export function AssistantHomePage() {
  const t = useT();
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title={user ? t('crew.home.hello', { name: user.user_name }) : t('crew.home.helloThere')}
        pageTitle={t('nav.dashboard')}
        description={t('crew.home.lead')}
      />
      <CrewAssignments />
    </>
  );
}
