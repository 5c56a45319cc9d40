import { describe, expect, it } from 'vitest';
import { changedFields, show } from './audit-diff';

describe('audit values as people read them', () => {
  it('shows the instants the database wrote in Colombo time', () => {
    expect(show('2026-11-27T04:30:00.123+00:00')).toBe('27 Nov 2026, 10:00');
    expect(show('2026-11-27T23:45:00Z')).toBe('28 Nov 2026, 05:15');
  });

  it('leaves dates, text, numbers and nothing as they are', () => {
    expect(show('2026-11-27')).toBe('2026-11-27');
    expect(show('WP-1234')).toBe('WP-1234');
    expect(show(20)).toBe('20');
    expect(show(null)).toBe('∅');
    expect(show({ a: 1 })).toBe('{"a":1}');
  });

  it('lists an update’s changed fields with their times in Colombo', () => {
    const fields = changedFields({
      old_values: { status: 'Pending', updated_at: '2026-11-27T04:30:00+00:00', order_id: 45 },
      new_values: { status: 'Scheduled', updated_at: '2026-11-27T05:00:00+00:00', order_id: 45 },
    });
    expect(fields).toEqual([
      { field: 'status', before: 'Pending', after: 'Scheduled' },
      { field: 'updated_at', before: '27 Nov 2026, 10:00', after: '27 Nov 2026, 10:30' },
    ]);
  });

  it('counts an instant that changed within the same minute as a change', () => {
    const fields = changedFields({
      old_values: { last_login_at: '2026-11-27T04:30:05+00:00' },
      new_values: { last_login_at: '2026-11-27T04:30:41+00:00' },
    });
    expect(fields).toEqual([
      { field: 'last_login_at', before: '27 Nov 2026, 10:00', after: '27 Nov 2026, 10:00' },
    ]);
  });
});
