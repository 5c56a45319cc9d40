import type { TripLoadStatus } from '#shared/constants';
import { Badge, type BadgeTone } from './badge';

const TONE: Record<TripLoadStatus, BadgeTone> = {
  Full: 'danger',
  'Near Full': 'warning',
  'On Schedule': 'success',
};

/**
 * A trip's load: Full with no space left, Near Full above 90 %, else On Schedule (tripLoadStatus,
 * #shared/constants).
 */
export function TripStatusBadge({ status }: { status: TripLoadStatus }) {
  return <Badge tone={TONE[status]}>{status}</Badge>;
}
