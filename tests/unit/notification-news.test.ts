import { describe, expect, it } from 'vitest';
import { isNews } from '../../src/features/notifications/notification-news';

describe('a notification is news', () => {
  const startedAt = Date.parse('2026-11-27T08:00:00.000Z');

  it('when it was made after the app started, or within the clocks’ allowance', () => {
    expect(isNews('2026-11-27T08:00:05.000Z', startedAt)).toBe(true);
    expect(isNews('2026-11-27T07:59:00.000Z', startedAt)).toBe(true);
  });

  it('not when a new device’s first pull brings it from before', () => {
    expect(isNews('2026-11-27T07:50:00.000Z', startedAt)).toBe(false);
    expect(isNews('2026-11-20T08:00:00.000Z', startedAt)).toBe(false);
  });
});
