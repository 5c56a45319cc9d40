import { describe, expect, it } from 'vitest';
import type { PublicFigures } from '#shared/contract/public-figures';
import { DASH, figureTexts } from './figure-texts';

const figures = (values: Partial<PublicFigures>): PublicFigures => ({
  orders_processed: 0,
  delivered_in_window: 0,
  on_time_in_window: 0,
  on_time_rate: null,
  on_time_window_days: 30,
  ...values,
});

describe('figureTexts', () => {
  it('writes large counts compactly with the exact figure beside, and the rate as a percent', () => {
    const [processed, onTime] = figureTexts(
      figures({
        orders_processed: 1_234_567,
        delivered_in_window: 25_807,
        on_time_in_window: 25_033,
        on_time_rate: 97,
      }),
    );
    expect(processed).toEqual({
      label: 'Orders processed',
      value: '1.2M',
      exact: '1,234,567 orders delivered',
      hint: 'Delivered to customers, all time',
    });
    expect(onTime).toEqual({
      label: 'On-time delivery',
      value: '97%',
      hint: 'By the requested day, last 30 days (25,033 of 25,807)',
    });
    expect(figureTexts(figures({ orders_processed: 50_800 }))[0].value).toBe('50.8K');
    const [small, rate] = figureTexts(
      figures({ orders_processed: 92, on_time_rate: 66.7, delivered_in_window: 3, on_time_in_window: 2 }),
    );
    expect([small.value, small.exact, rate.value, rate.hint]).toEqual([
      '92',
      undefined,
      '66.7%',
      'By the requested day, last 30 days (2 of 3)',
    ]);
  });

  it('shows a dash for the rate when nothing was delivered in the window, and 0 orders as 0', () => {
    const [processed, onTime] = figureTexts(figures({}));
    expect(processed.value).toBe('0');
    expect(onTime).toMatchObject({ value: DASH, hint: 'No deliveries in the last 30 days' });
  });

  it('shows dashes, never a number, when the figures could not be loaded', () => {
    expect(figureTexts(null).map((f) => [f.value, f.hint])).toEqual([
      [DASH, 'Figures are unavailable right now'],
      [DASH, 'Figures are unavailable right now'],
    ]);
  });
});
