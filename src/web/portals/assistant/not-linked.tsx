import { Alert } from '#web/components/ui/alert';
import { useT } from '#web/i18n/provider';

export function NotLinkedToEmployee() {
  const t = useT();
  return (
    <Alert variant="warning" title={t('crew.notLinked.title')}>
      {t('crew.notLinked.lead')}
    </Alert>
  );
}
