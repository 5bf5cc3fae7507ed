import { describe, expect, it } from 'vitest';
import { timeAgo } from './timeAgo.ts';

describe('timeAgo', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');

  it('says how long ago a time was, in the largest whole unit', () => {
    expect(timeAgo('2026-05-10T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-05-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-05-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-05-09T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-04-19T12:00:00Z', now)).toBe('3 weeks ago');
  });

  it('answers nothing for a time it cannot read', () => {
    expect(timeAgo('not a time', now)).toBe('');
  });
});
