import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { expect, inject } from 'vitest';
import { type EventRule, eventRules } from '#contracts/event-rules';
import { type DetailType, EVENT_SOURCE, eventCatalog } from '#contracts/events';
import { matchesPattern } from '#events/pattern';
import { createEventBus } from '#local/event-bus';
import { invokeLambda } from '#local/lambda-runtime';
import type { ConsumerProbe, EffectProbe, TriggerProbe } from './idempotency-fixtures.ts';

/**
 * How the idempotency suite delivers events, along the local cloud's own paths: Cognito triggers through
 * the cloud's Lambda Invoke API (exactly what cognito-local calls), EventBridge consumers through the
 * local bus code (`local/event-bus.ts`: real PutEvents, the rules' patterns, `invokeLambda` as deliverer)
 * and redelivered as EventBridge does at least once: the identical envelope, same id, to the same file.
 * The effect of three deliveries must be the effect of one.
 */

const ROOT = join(import.meta.dirname, '..', '..');
/** The local bus gives consumers this long (local/cloud.ts). */
const CONSUMER_TIMEOUT_MS = 60_000;

/** Invokes a Cognito trigger by name through the local Lambda Invoke API, as cognito-local does. */
export async function invokeTrigger(name: string, event: unknown): Promise<unknown> {
  const endpoint = inject('cloud').env.AWS_ENDPOINT_URL_LAMBDA;
  const response = await fetch(`${endpoint}/2015-03-31/functions/${encodeURIComponent(name)}/invocations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'RequestResponse' },
    body: JSON.stringify(event),
  });
  const text = await response.text();
  if (response.status !== 200 || response.headers.get('x-amz-function-error')) {
    throw new Error(`trigger ${name} failed: ${response.status} ${text}`);
  }
  return JSON.parse(text) as unknown;
}

/** Delivers one envelope to a rule's consumer the way the local bus does (a warm container, its timeout). */
export const deliverToConsumer = (rule: EventRule, envelope: Record<string, unknown>) =>
  invokeLambda(ROOT, rule.consumer, envelope, { functionName: rule.name, timeoutMs: CONSUMER_TIMEOUT_MS });

/** An EventBridge envelope as the local bus builds it (AWS's shape), for redeliveries of the same event. */
export function envelopeOf(entry: { source: string; detailType: string; detail: unknown }) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': entry.detailType,
    source: entry.source,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'local',
    resources: [] as string[],
    detail: entry.detail,
  };
}

/**
 * A local bus in this process, built from the same code and rules as the cloud's, so a test can publish
 * with the real PutEvents call, wait for its delivery to finish and get back the very envelope the
 * consumer received (to deliver it again).
 */
export async function startLocalBus(rules: readonly EventRule[] = eventRules) {
  const busName = inject('cloud').env.EVENT_BUS_NAME!;
  const log: string[] = [];
  const bus = createEventBus({
    busName,
    rules,
    deliver: deliverToConsumer,
    log: (line) => log.push(line),
  });
  await new Promise<void>((resolve, reject) => {
    bus.server.once('error', reject);
    bus.server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = bus.server.address() as AddressInfo;
  const client = new EventBridgeClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  return {
    /** PutEvents, then waits until the bus has delivered it; returns the envelope `rule` received */
    async publish(
      rule: EventRule,
      entry: { source: string; detailType: string; detail: unknown },
    ): Promise<Record<string, unknown>> {
      const result = await client.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: busName,
              Source: entry.source,
              DetailType: entry.detailType,
              Detail: JSON.stringify(entry.detail),
            },
          ],
        }),
      );
      expect(result.FailedEntryCount, JSON.stringify(result.Entries)).toBe(0);
      const id = result.Entries?.[0]?.EventId;
      await bus.drain();
      const delivery = bus.history.find((item) => item.rule === rule.name && item.event.id === id);
      expect(delivery, `event ${id} was not routed to ${rule.name}:\n${log.join('\n')}`).toBeDefined();
      expect(delivery!.outcome, delivery!.error).toBe('delivered');
      return delivery!.event;
    },
    async stop() {
      client.destroy();
      await bus.drain();
      await new Promise<void>((resolve) => {
        bus.server.close(() => resolve());
        bus.server.closeAllConnections();
      });
    },
  };
}

export type LocalBus = Awaited<ReturnType<typeof startLocalBus>>;

/** Deliveries in waves: each wave's deliveries run at once, the waves one after the other. */
export type Wave = () => Promise<unknown>;

export const times =
  (count: number, deliver: () => Promise<unknown>): Wave =>
  () =>
    Promise.all(Array.from({ length: count }, deliver));

/** Runs the waves; the first must change the effect as one delivery does, the rest must change nothing. */
export async function expectEffectOnce(probe: EffectProbe, [first, ...rest]: [Wave, ...Wave[]]) {
  const before = await probe.effect();

  await first();
  const once = await probe.effect();
  expect(once, 'the first delivery has no effect').not.toEqual(before);
  await probe.expectOnce(once, before);
  for (const wave of rest) await wave();

  expect(await probe.effect(), 'a repeated delivery changed the effect').toEqual(once);
}

/** A trigger's event `first` times at once, then `second` times at once, through the Lambda Invoke API. */
export async function deliverTriggerInWaves(
  name: string,
  probe: TriggerProbe,
  first: number,
  second: number,
) {
  const deliver = () => invokeTrigger(name, probe.event);
  await expectEffectOnce(probe, [times(first, deliver), times(second, deliver)]);
}

/** The sample follows its contract and is one the bus routes to this rule. */
function routedSample(rule: EventRule, probe: ConsumerProbe) {
  const source = probe.source ?? EVENT_SOURCE;
  if (source === EVENT_SOURCE) {
    const schema = eventCatalog[probe.detailType as DetailType];
    expect(schema, `${probe.detailType} is not in the event catalog`).toBeDefined();
    schema.parse(probe.detail);
  }
  const entry = { source, detailType: probe.detailType, detail: probe.detail };
  const envelope = envelopeOf(entry);
  expect(matchesPattern(envelope, rule.pattern), `the sample does not match ${rule.name}`).toBe(true);
  return { entry, envelope };
}

/** The first delivery through PutEvents on the local bus, then the envelope it delivered twice at once. */
export async function publishThenRedeliver(bus: LocalBus, rule: EventRule, probe: ConsumerProbe) {
  const { entry } = routedSample(rule, probe);
  let delivered: Record<string, unknown> | undefined;
  const publish = async () => {
    delivered = await bus.publish(rule, entry);
  };

  await expectEffectOnce(probe, [publish, times(2, () => deliverToConsumer(rule, delivered!))]);
}

/** One envelope twice at once (a redelivery while the first still runs), then once more. */
export async function raceThenRedeliver(rule: EventRule, probe: ConsumerProbe) {
  const { envelope } = routedSample(rule, probe);
  const deliver = () => deliverToConsumer(rule, envelope);

  await expectEffectOnce(probe, [times(2, deliver), times(1, deliver)]);
}
