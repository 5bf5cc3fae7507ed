import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { config } from '#aws/config';
import type { EventRule } from '#contracts/event-rules';
import { EVENT_SOURCE } from '#contracts/events';
import { createEventBus } from '#local/event-bus';

export interface RecordedEvent {
  type: string;
  detail: Record<string, unknown>;
}

export interface InProcessBus {
  /** every event the bus matched, in the order it was put */
  received: RecordedEvent[];
  /** waits until every delivery so far has finished */
  drain(): Promise<void>;
}

const EVENTBRIDGE_ENDPOINT = 'AWS_ENDPOINT_URL_EVENTBRIDGE';

const recordEverything: EventRule = {
  name: 'record-platform-events',
  description: 'test recorder',
  pattern: { source: [EVENT_SOURCE] },
  consumer: 'none',
  bus: 'platform',
  resources: {},
};

/**
 * A local event bus in the test process for the tests of one file or describe block: the handlers the
 * tests run in this process put their events on it (the producers' endpoint is pointed at it), so a test
 * sees exactly the events its own requests put. By default it records every platform event; with `rules`
 * and `deliver` it hands matched events to a consumer as well.
 */
export function inProcessBusForTests(
  options: {
    rules?: readonly EventRule[];
    deliver?: (event: Record<string, unknown>, rule: EventRule) => Promise<void>;
  } = {},
): InProcessBus {
  const received: RecordedEvent[] = [];
  let bus: ReturnType<typeof createEventBus> | undefined;
  let original: string | undefined;

  beforeAll(async () => {
    bus = createEventBus({
      busName: config.eventBusName,
      rules: options.rules ?? [recordEverything],
      deliver: async (rule, event) => {
        received.push({
          type: String(event['detail-type']),
          detail: event.detail as Record<string, unknown>,
        });
        await options.deliver?.(event, rule);
      },
      log: () => undefined,
    });
    const server = bus.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    // the producers read their endpoint per call through functions/aws/config.ts
    original = process.env[EVENTBRIDGE_ENDPOINT];
    process.env[EVENTBRIDGE_ENDPOINT] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    if (original === undefined) delete process.env[EVENTBRIDGE_ENDPOINT];
    else process.env[EVENTBRIDGE_ENDPOINT] = original;
    if (!bus) return;
    const server = bus.server;
    await bus.drain();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  return { received, drain: async () => bus?.drain() };
}
