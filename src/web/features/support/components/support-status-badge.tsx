import type { SupportStatus } from '#shared/contract/support';
import { Badge } from '#web/components/ui/badge';
import { useT } from '#web/i18n/provider';
import { SUPPORT_STATUS_META } from '../lib/support-status';

/** A support request's state: Open, Answered or Closed. */
export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  const t = useT();
  const meta = SUPPORT_STATUS_META[status];
  return <Badge tone={meta.tone}>{t(meta.word)}</Badge>;
}
