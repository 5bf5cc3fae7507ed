import { describe, expect, it } from 'vitest';
import { eventRules } from '../contracts/event-rules.ts';
import { EVENT_SOURCE, S3_EVENT_SOURCE, S3_OBJECT_CREATED } from '../contracts/events.ts';
import { matchesPattern } from './pattern.ts';

const event = (detailType: string, detail: Record<string, unknown> = {}) => ({
  source: EVENT_SOURCE,
  'detail-type': detailType,
  detail,
});

describe('event pattern matching', () => {
  it('routes each platform event to the consumer its rule names', () => {
    const consumersOf = (detailType: string) =>
      eventRules.filter((rule) => matchesPattern(event(detailType), rule.pattern)).map((rule) => rule.name);

    expect(consumersOf('PropertyAdded')).toEqual(['award-reputation']);
    expect(consumersOf('ConnectionAccepted')).toEqual(['award-reputation']);
    expect(consumersOf('WebsitePublished')).toEqual(['regenerate-pages']);
    // a domain change moves the pages' canonical addresses as well as the hostname store
    expect(consumersOf('WebsiteHostsChanged')).toEqual(['regenerate-pages', 'sync-site-hosts']);
    // the regenerator's own event: the cache invalidation after the pages are written
    expect(consumersOf('WebsitePagesRegenerated')).toEqual(['invalidate-site-cache']);
    expect(consumersOf('SomethingElse')).toEqual([]);
  });

  it('sends S3 object notifications to the storage accountant', () => {
    const created = { source: S3_EVENT_SOURCE, 'detail-type': S3_OBJECT_CREATED, detail: {} };

    expect(
      eventRules.filter((rule) => matchesPattern(created, rule.pattern)).map((rule) => rule.name),
    ).toEqual(['account-storage']);
  });

  it('requires the source to match', () => {
    expect(
      matchesPattern({ ...event('PropertyAdded'), source: 'someone.else' }, eventRules[0]!.pattern),
    ).toBe(false);
  });

  it('supports prefix, exists and anything-but on detail fields', () => {
    const pattern = {
      detail: {
        key: [{ prefix: 'agents/' }],
        size: [{ exists: true }],
        status: [{ 'anything-but': ['deleted'] }],
      },
    };

    expect(matchesPattern(event('X', { key: 'agents/a/b.jpg', size: 3, status: 'active' }), pattern)).toBe(
      true,
    );
    expect(matchesPattern(event('X', { key: 'sites/a', size: 3, status: 'active' }), pattern)).toBe(false);
    expect(matchesPattern(event('X', { key: 'agents/a', status: 'active' }), pattern)).toBe(false);
    expect(matchesPattern(event('X', { key: 'agents/a', size: 1, status: 'deleted' }), pattern)).toBe(false);
  });
});
