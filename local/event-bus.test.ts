import type { AddressInfo } from 'node:net';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRule } from '#contracts/event-rules';
import { EVENT_SOURCE } from '#contracts/events';
import { createEventBus } from './event-bus.ts';

const rule = (name: string, detailType: string): EventRule => ({
  name,
  description: name,
  pattern: { source: [EVENT_SOURCE], 'detail-type': [detailType] },
  consumer: `events/consumers/${name}.ts`,
  bus: 'platform',
  resources: {},
});

describe('the local EventBridge', () => {
  const deliveries: Array<{ rule: string; event: Record<string, unknown> }> = [];
  let failuresLeft = 0;
  const bus = createEventBus({
    busName: 'test-bus',
    rules: [
      rule('award', 'PropertyAdded'),
      rule('flaky', 'WebsitePublished'),
      rule('connections', 'ConnectionAccepted'),
    ],
    deliver: async (matched, event) => {
      if (matched.name === 'flaky' && failuresLeft-- > 0) throw new Error('consumer failed');
      deliveries.push({ rule: matched.name, event });
    },
    log: () => undefined,
  });
  let client: EventBridgeClient;

  beforeAll(async () => {
    await new Promise<void>((resolve) => bus.server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = bus.server.address() as AddressInfo;
    client = new EventBridgeClient({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(() => new Promise<void>((resolve) => bus.server.close(() => resolve())));

  it('accepts the SDK’s real PutEvents call and delivers the envelope to the matching rule only', async () => {
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: 'test-bus',
            Source: EVENT_SOURCE,
            DetailType: 'PropertyAdded',
            Detail: JSON.stringify({ propertyId: 'p1', agentId: 'a1' }),
          },
        ],
      }),
    );
    await bus.drain();

    expect(result.FailedEntryCount).toBe(0);
    const delivered = deliveries.filter((delivery) => delivery.rule !== 'flaky');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.event).toMatchObject({
      id: result.Entries![0]!.EventId,
      source: EVENT_SOURCE,
      'detail-type': 'PropertyAdded',
      detail: { propertyId: 'p1', agentId: 'a1' },
    });
  });

  it('retries a failing consumer and reports entries for an unknown bus as failed', async () => {
    failuresLeft = 2;
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: 'test-bus',
            Source: EVENT_SOURCE,
            DetailType: 'WebsitePublished',
            Detail: '{"websiteId":"w1","agentId":"a1"}',
          },
          { EventBusName: 'other-bus', Source: EVENT_SOURCE, DetailType: 'WebsitePublished', Detail: '{}' },
        ],
      }),
    );
    await bus.drain();

    expect(result.FailedEntryCount).toBe(1);
    expect(result.Entries![1]!.ErrorCode).toBe('ResourceNotFoundException');
    expect(deliveries.filter((delivery) => delivery.rule === 'flaky')).toHaveLength(1);
  });
});
