import { WifiOff } from 'lucide-react';
import { useT } from '#web/i18n/provider';
import { useOnline } from '#web/lib/use-online';

/**
 * Says when the phone has no connection: what is shown may be older, and actions wait. The crew
 * keep working offline (their confirmations queue); other screens say what failed to load.
 */
export function OfflineBanner({ crew = false }: { crew?: boolean }) {
  const t = useT();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-16 z-10 flex items-center gap-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 sm:px-6"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {crew ? t('crew.offline.banner') : t('layout.offline')}
    </div>
  );
}
