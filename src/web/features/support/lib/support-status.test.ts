import { describe, expect, it } from 'vitest';
import { messageCount, supportTime } from './support-status';

describe('support list texts', () => {
  it('shows times in Colombo, whatever the device', () => {
    // 04:20 UTC is 09:50 in Colombo (UTC+05:30)
    expect(supportTime('2025-03-14T04:20:00Z')).toBe('14 Mar 2025, 09:50');
    expect(supportTime(null)).toBe('—');
    expect(supportTime('not a time')).toBe('not a time');
  });

  it('counts messages', () => {
    expect(messageCount(1)).toBe('1 message');
    expect(messageCount(3)).toBe('3 messages');
  });
});
