import { describe, expect, it } from 'vitest';
import { proposalExpiry, timeLeft } from './expiry';

describe('proposalExpiry', () => {
  const at = '2026-11-27T08:35:00Z'; // 14:05 in Colombo
  it('counts the minutes left, rounded up, and gives the time in Colombo', () => {
    const now = Date.parse('2026-11-27T08:11:30Z');
    expect(proposalExpiry({ expires_at: at, expired: false }, now)).toEqual({
      expired: false,
      minutesLeft: 24,
      at: '14:05',
    });
  });
  it('is expired at its time on the browser clock, or when the server said so', () => {
    expect(proposalExpiry({ expires_at: at, expired: false }, Date.parse(at))).toMatchObject({
      expired: true,
      minutesLeft: 0,
    });
    expect(proposalExpiry({ expires_at: at, expired: true }, Date.parse(at) - 60_000).expired).toBe(true);
  });
  it('names the day when it is not today in Colombo', () => {
    // 00:10 on 28 Nov in Colombo is still 27 Nov in UTC
    const now = Date.parse('2026-11-27T18:40:00Z');
    expect(proposalExpiry({ expires_at: at, expired: false }, now).at).toBe('27 Nov, 14:05');
  });
  it('writes the time left', () => {
    expect(timeLeft(7)).toBe('7 min left');
    expect(timeLeft(65)).toBe('1 h 05 min left');
  });
});
