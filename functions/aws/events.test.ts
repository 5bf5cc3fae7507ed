import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishEvent } from './events.ts';

/**
 * PutEvents faults the local bus cannot produce: entries failed one by one in a 200 answer
 * (`FailedEntryCount`). The SDK's client is stubbed; what is under test is how `publishEvent` reads its
 * answers. (Against the local cloud: tests/integration/aws-errors.test.ts.)
 */

const eventBridge = mockClient(EventBridgeClient);
const detail = { propertyId: 'p-1', agentId: 'a-1' };
const failed = (ErrorCode: string) => ({
  FailedEntryCount: 1,
  Entries: [{ ErrorCode, ErrorMessage: 'failed' }],
});

beforeEach(() => {
  eventBridge.reset();
  vi.stubEnv('EVENT_BUS_NAME', 'platform-bus');
});
afterAll(() => {
  eventBridge.restore();
  vi.unstubAllEnvs();
});

describe('publishEvent', () => {
  it('puts an entry failed for throttling again, and is done when the bus takes it', async () => {
    eventBridge
      .on(PutEventsCommand)
      .resolvesOnce(failed('ThrottlingException'))
      .resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] });
    await publishEvent('PropertyAdded', detail);
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.args[0].input.Entries).toEqual([
      expect.objectContaining({ EventBusName: 'platform-bus', DetailType: 'PropertyAdded' }),
    ]);
  });

  it('surfaces an entry the bus keeps failing after three rounds, never dropping it', async () => {
    eventBridge.on(PutEventsCommand).resolves(failed('InternalFailure'));
    await expect(publishEvent('PropertyAdded', detail)).rejects.toMatchObject({
      name: 'EventPublishError',
      code: 'InternalFailure',
    });
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(3);
  });

  it('surfaces an entry refused for itself at once (not worth another try)', async () => {
    eventBridge.on(PutEventsCommand).resolves(failed('MalformedDetail'));
    await expect(publishEvent('PropertyAdded', detail)).rejects.toThrow(
      'event PropertyAdded was not accepted: MalformedDetail',
    );
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(1);
  });

  it('surfaces a call the SDK gave up on (throttled past its retries)', async () => {
    eventBridge
      .on(PutEventsCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(publishEvent('PropertyAdded', detail)).rejects.toMatchObject({
      name: 'ThrottlingException',
    });
  });

  it('checks the detail against the catalog before anything is sent', async () => {
    await expect(
      publishEvent('PropertyAdded', { propertyId: 7 } as unknown as typeof detail),
    ).rejects.toThrow();
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
  });
});
