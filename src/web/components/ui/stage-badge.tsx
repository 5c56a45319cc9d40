import { clsx } from 'clsx';
import type { CustomerStage } from '#shared/order-progress';
import { Badge, type BadgeTone } from './badge';

const TONES: Record<CustomerStage, BadgeTone> = {
  awaiting_approval: 'warning',
  awaiting_train: 'info',
  on_train: 'info',
  at_store: 'brand',
  out_for_delivery: 'purple',
  delivered: 'success',
  partly_delivered: 'warning',
  delivery_failed: 'danger',
  returned: 'neutral',
  cancelled: 'danger',
};

/**
 * An order's status in the customer's words (the API's `status_label`, derived in
 * src/shared/order-progress.ts): "Approved, waiting for a train", "Partly delivered: 2 of 3 items".
 */
export function StageBadge({
  label,
  stage,
  className,
}: {
  label: string;
  stage: CustomerStage;
  className?: string;
}) {
  return (
    <Badge tone={TONES[stage]} wrap className={clsx('max-w-[14rem]', className)}>
      {label}
    </Badge>
  );
}
