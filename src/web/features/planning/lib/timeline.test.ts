import { describe, expect, it } from 'vitest';
import { barPosition, periodDays, slotText } from './timeline';

describe('timeline', () => {
  it('lists the days of the period', () => {
    expect(periodDays('2030-03-30', '2030-04-02')).toEqual([
      '2030-03-30',
      '2030-03-31',
      '2030-04-01',
      '2030-04-02',
    ]);
  });

  it('places a delivery by its Colombo times and clips it to the period', () => {
    // the second day of a two-day period, 06:00-12:00 in Colombo (00:30-06:30 UTC)
    expect(barPosition('2030-03-05T00:30:00Z', '2030-03-05T06:30:00Z', '2030-03-04', '2030-03-05')).toEqual({
      left: 62.5,
      width: 12.5,
    });
    // 22:00 the evening before to 04:00 on the first day: its first two hours are cut off
    const clipped = barPosition('2030-03-03T16:30:00Z', '2030-03-03T22:30:00Z', '2030-03-04', '2030-03-05');
    expect(clipped?.left).toBe(0);
    expect(clipped?.width).toBeCloseTo((4 / 48) * 100);
    expect(
      barPosition('2030-03-07T00:30:00Z', '2030-03-07T06:30:00Z', '2030-03-04', '2030-03-05'),
    ).toBeNull();
  });

  it('writes a slot in Colombo time', () => {
    expect(slotText('2030-03-05T00:30:00Z', '2030-03-05T06:30:00Z')).toBe('5 Mar 2030, 06:00 to 12:00');
    expect(slotText('2030-03-05T16:30:00Z', '2030-03-05T19:30:00Z')).toBe(
      '5 Mar 2030, 22:00 to 6 Mar 2030, 01:00',
    );
  });
});
