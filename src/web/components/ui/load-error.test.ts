import { describe, expect, it } from 'vitest';
import { loadErrorMessage } from './load-error';

describe('load error message', () => {
  it('says in words that the server could not be reached', () => {
    expect(
      loadErrorMessage(new Error('Network request failed for /api/orders?status=Scheduled: Failed to fetch')),
    ).toBe('The server could not be reached. Check your connection, then try again.');
  });

  it('keeps the server’s own reason otherwise', () => {
    expect(loadErrorMessage(new Error('Order 9 not found'))).toBe('Order 9 not found');
  });
});
