import type { PublicFigures } from '#shared/contract/public-figures';

export interface FigureText {
  label: string;
  /** What the figure shows: a compact number, a percent, or a dash when there is none. */
  value: string;
  /** The exact figure for screen readers and the tooltip, when the value is rounded. */
  exact?: string;
  /** What the figure counts. */
  hint: string;
}

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const WHOLE = new Intl.NumberFormat('en-US');
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const DASH = '—';

/**
 * The landing page's two figures (docs/product/business-rules.md#figures; decision 0052 says what they
 * count).
 * `null` (the figures could not be loaded) gives dashes, never a made-up number.
 */
export function figureTexts(figures: PublicFigures | null): [FigureText, FigureText] {
  const days = figures?.on_time_window_days;
  const processed: FigureText = {
    label: 'Orders processed',
    value: figures ? COMPACT.format(figures.orders_processed) : DASH,
    hint: 'Delivered to customers, all time',
  };
  if (figures && figures.orders_processed >= 1000) {
    processed.exact = `${WHOLE.format(figures.orders_processed)} orders delivered`;
  }
  const onTime: FigureText = {
    label: 'On-time delivery',
    value: figures?.on_time_rate == null ? DASH : PERCENT.format(figures.on_time_rate / 100),
    hint: !figures
      ? 'Figures are unavailable right now'
      : figures.on_time_rate === null
        ? `No deliveries in the last ${days} days`
        : `By the requested day, last ${days} days (${WHOLE.format(figures.on_time_in_window)} of ${WHOLE.format(figures.delivered_in_window)})`,
  };
  if (!figures) processed.hint = 'Figures are unavailable right now';
  return [processed, onTime];
}
