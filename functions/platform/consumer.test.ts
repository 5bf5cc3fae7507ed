import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { defineConsumer, defineScheduledJob } from './consumer.ts';

const delivery = (detailType: string, detail: unknown): EventBridgeEvent<string, unknown> => ({
  version: '0',
  id: 'event-1',
  'detail-type': detailType,
  source: 'estatenet.platform',
  account: '000000000000',
  time: '2026-01-01T00:00:00Z',
  region: 'us-east-1',
  resources: [],
  detail,
});

describe('defineConsumer', () => {
  it('hands the consumer the envelope with its detail parsed by the catalog', async () => {
    const handle = vi.fn(async () => {});
    const handler = defineConsumer({ name: 'test consumer', detailTypes: ['PropertyAdded'], handle });

    await handler(delivery('PropertyAdded', { propertyId: 'p1', agentId: 'a1' }));

    expect(handle).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'event-1',
        'detail-type': 'PropertyAdded',
        detail: { propertyId: 'p1', agentId: 'a1' },
      }),
    );
  });

  it('fails a delivery whose detail does not match the catalog, before the consumer runs', async () => {
    const handle = vi.fn(async () => {});
    const handler = defineConsumer({ name: 'test consumer', detailTypes: ['PropertyAdded'], handle });

    await expect(handler(delivery('PropertyAdded', { propertyId: 'p1' }))).rejects.toThrow();
    expect(handle).not.toHaveBeenCalled();
  });

  it('leaves alone a detail-type the consumer does not take', async () => {
    const handle = vi.fn(async () => {});
    const handler = defineConsumer({ name: 'test consumer', detailTypes: ['PropertyAdded'], handle });

    await handler(delivery('WebsitePublished', { websiteId: 'w1', agentId: 'a1' }));

    expect(handle).not.toHaveBeenCalled();
  });
});

describe('defineScheduledJob', () => {
  it("gives the job its invocation's time left, unbounded outside Lambda", async () => {
    const job = defineScheduledJob(async (_event: unknown, timeLeft) => timeLeft());

    expect(await job(undefined, { getRemainingTimeInMillis: () => 1234 })).toBe(1234);
    expect(await job()).toBe(Number.POSITIVE_INFINITY);
  });
});
