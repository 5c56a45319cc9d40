import type { SupportStatus } from '#shared/contract/support';
import { Badge } from '#web/components/ui/badge';
import { SUPPORT_STATUS_META } from '../lib/support-status';

/** A support request's state: Open, Answered or Closed. */
export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return <Badge tone={SUPPORT_STATUS_META[status].tone}>{status}</Badge>;
}
