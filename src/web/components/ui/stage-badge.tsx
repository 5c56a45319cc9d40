import { clsx } from 'clsx';
import type { CustomerStage } from '#shared/order-progress';
import { cityName } from '#web/i18n/city-name';
import { type MessageKey, type Translate, useT } from '#web/i18n/provider';
import { Badge, type BadgeTone } from './badge';

const WORDS: Record<CustomerStage, MessageKey> = {
  awaiting_approval: 'order.stage.awaitingApproval',
  awaiting_train: 'order.stage.awaitingTrain',
  on_train: 'order.stage.onTrain',
  at_store: 'order.stage.atStore',
  out_for_delivery: 'order.stage.outForDelivery',
  delivered: 'order.stage.delivered',
  partly_delivered: 'order.stage.partlyDelivered',
  delivery_failed: 'order.stage.deliveryFailed',
  returned: 'order.stage.returned',
  cancelled: 'order.stage.cancelled',
};

/**
 * The stage in the reader's language, with the figures and the city of the server's English label
 * ("Partly delivered: 2 of 3 items", "At the Galle store"); in English it is that label
 * (stage-badge.test.ts holds every stage to src/shared/order-progress.ts).
 */
export function stageText(t: Translate, stage: CustomerStage, label: string): string {
  if (stage === 'partly_delivered') {
    const counts = label.match(/(\d+) of (\d+)/);
    return counts
      ? t(WORDS[stage], {
          delivered: Number(counts[1]),
          items: Number(counts[2]),
          credited: label.endsWith('rest credited') ? 'yes' : 'no',
        })
      : label;
  }
  if (stage === 'at_store') {
    const city = label.match(/^At the (.+) store$/)?.[1];
    return t(WORDS[stage], { city: city ? cityName(t, city) : 'none' });
  }
  return t(WORDS[stage]);
}

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
  const t = useT();
  return (
    <Badge tone={TONES[stage]} wrap className={clsx('max-w-[14rem]', className)}>
      {stageText(t, stage, label)}
    </Badge>
  );
}
