import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { describe, expect, inject, it } from 'vitest';

/**
 * The local EventBridge answers PutEvents as EventBridge does (docs/cloud-fidelity.md): per-entry results
 * for entries it cannot take, and ValidationException for a request outside PutEvents' limits. Called with
 * the SDK and the cloud's admin credentials (the tests' own), so IAM allows every bus.
 */

const env = () => inject('cloud').env;
const bus = () =>
  new EventBridgeClient({
    endpoint: env().AWS_ENDPOINT_URL_EVENTBRIDGE!,
    region: env().AWS_REGION!,
    credentials: { accessKeyId: env().AWS_ACCESS_KEY_ID!, secretAccessKey: env().AWS_SECRET_ACCESS_KEY! },
    maxAttempts: 1,
  });
const entry = (overrides: Partial<PutEventsRequestEntry> = {}): PutEventsRequestEntry => ({
  EventBusName: env().EVENT_BUS_NAME!,
  Source: 'estatenet.fidelity',
  DetailType: 'FidelityProbe',
  Detail: JSON.stringify({ probe: true }),
  ...overrides,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { name: string; message: string; $metadata?: { httpStatusCode?: number } }) => error,
  );

describe('EventBridge PutEvents', () => {
  it('takes an event for the bus and answers its id', async () => {
    const answer = await bus().send(new PutEventsCommand({ Entries: [entry()] }));

    expect(answer.FailedEntryCount).toBe(0);
    expect(answer.Entries?.[0]?.EventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('fails only the entries it cannot take: another bus, a detail that is not JSON', async () => {
    const answer = await bus().send(
      new PutEventsCommand({
        Entries: [entry(), entry({ EventBusName: 'no-such-bus' }), entry({ Detail: '{not json' })],
      }),
    );

    expect(answer.FailedEntryCount).toBe(2);
    expect(answer.Entries?.[0]?.EventId).toBeDefined();
    expect(answer.Entries?.[1]?.ErrorCode).toBe('ResourceNotFoundException');
    expect(answer.Entries?.[2]?.ErrorCode).toBe('MalformedDetail');
  });

  it('refuses more than 10 entries in one call with ValidationException', async () => {
    const error = await refusal(
      bus().send(new PutEventsCommand({ Entries: Array.from({ length: 11 }, () => entry()) })),
    );

    expect(error?.name).toBe('ValidationException');
    expect(error?.$metadata?.httpStatusCode).toBe(400);
  });

  it('refuses entries over 256 KB together with ValidationException', async () => {
    const detail = JSON.stringify({ text: 'x'.repeat(100 * 1024) });
    const error = await refusal(
      bus().send(
        new PutEventsCommand({
          Entries: [entry({ Detail: detail }), entry({ Detail: detail }), entry({ Detail: detail })],
        }),
      ),
    );

    expect(error?.name).toBe('ValidationException');
    expect(error?.message).toBe('Total size of the entries in the request is over the limit.');
  });
});
