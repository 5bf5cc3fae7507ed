import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { EventRule } from '#contracts/event-rules';
import { matchesPattern } from '#events/pattern';
import { accessKeyOf, LOCAL_ACCOUNT, LOCAL_REGION, type LocalIam } from './iam/policy.ts';

export interface DeliveredEvent {
  rule: string;
  event: Record<string, unknown>;
  outcome: 'delivered' | 'failed';
  error?: string;
}

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: string | number;
}

const MAX_ATTEMPTS = 3;
/** PutEvents takes 1 to 10 entries, of at most 256 KB together. */
const MAX_ENTRIES = 10;
const MAX_REQUEST_BYTES = 256 * 1024;

/** An entry's size as EventBridge counts it: Time (14 bytes), Source, DetailType, Detail and Resources. */
function entrySize(entry: PutEventsEntry): number {
  const bytes = (text: string | undefined) => (text ? Buffer.byteLength(text) : 0);
  return (
    (entry.Time ? 14 : 0) +
    bytes(entry.Source) +
    bytes(entry.DetailType) +
    bytes(entry.Detail) +
    (entry.Resources ?? []).reduce((total, resource) => total + bytes(resource), 0)
  );
}

const busArn = (name: string) =>
  name.startsWith('arn:') ? name : `arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT}:event-bus/${name}`;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/**
 * The local EventBridge: answers the real `PutEvents` call of @aws-sdk/client-eventbridge (AWS JSON 1.1)
 * and delivers each event to every consumer whose rule pattern matches, asynchronously and with retries,
 * as EventBridge does (at-least-once: consumers must be idempotent).
 */
export function createEventBus(options: {
  busName: string;
  rules: readonly EventRule[];
  deliver: (rule: EventRule, event: Record<string, unknown>) => Promise<unknown>;
  log: (line: string) => void;
  /** checks each caller's policy (the local cloud's IAM); without it every caller may put events */
  iam?: LocalIam;
}) {
  const pending = new Set<Promise<void>>();
  const history: DeliveredEvent[] = [];

  async function deliverWithRetry(rule: EventRule, event: Record<string, unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await options.deliver(rule, event);
        history.push({ rule: rule.name, event, outcome: 'delivered' });
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (attempt >= MAX_ATTEMPTS) {
          history.push({ rule: rule.name, event, outcome: 'failed', error: message });
          options.log(
            `event ${String(event['detail-type'])} → ${rule.name} failed after ${attempt} attempts: ${message}`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  function publish(entry: PutEventsEntry): string {
    const id = randomUUID();
    const event = {
      version: '0',
      id,
      'detail-type': entry.DetailType ?? '',
      source: entry.Source ?? '',
      account: '000000000000',
      time: entry.Time
        ? new Date(typeof entry.Time === 'number' ? entry.Time * 1000 : entry.Time).toISOString()
        : new Date().toISOString(),
      region: 'local',
      resources: entry.Resources ?? [],
      detail: entry.Detail ? (JSON.parse(entry.Detail) as unknown) : {},
    };
    const matched = options.rules.filter((rule) => matchesPattern(event, rule.pattern));
    options.log(
      `event ${event['detail-type']} → ${matched.map((rule) => rule.name).join(', ') || 'no rule'}`,
    );
    for (const rule of matched) {
      const delivery = deliverWithRetry(rule, event).finally(() => pending.delete(delivery));
      pending.add(delivery);
    }
    return id;
  }

  const server: Server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify(body));
    };
    const target = request.headers['x-amz-target'];
    if (request.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
      return reply(400, {
        __type: 'UnknownOperationException',
        message: `Unsupported operation ${String(target)}`,
      });
    }
    let entries: PutEventsEntry[];
    try {
      entries = (JSON.parse(await readBody(request)) as { Entries?: PutEventsEntry[] }).Entries ?? [];
    } catch {
      return reply(400, { __type: 'SerializationException', message: 'Malformed request body' });
    }
    // PutEvents' own limits: 1 to 10 entries, 256 KB of entries in all (as EventBridge counts them)
    if (entries.length < 1 || entries.length > MAX_ENTRIES) {
      return reply(400, {
        __type: 'ValidationException',
        message: `1 validation error detected: Value at 'entries' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ENTRIES} and greater than or equal to 1`,
      });
    }
    if (entries.reduce((total, entry) => total + entrySize(entry), 0) > MAX_REQUEST_BYTES) {
      return reply(400, {
        __type: 'ValidationException',
        message: 'Total size of the entries in the request is over the limit.',
      });
    }
    // IAM: events:PutEvents on the bus of every entry (an entry without a bus name goes to the default bus)
    if (options.iam) {
      const accessKey = accessKeyOf(request.headers.authorization);
      for (const bus of new Set(entries.map((entry) => entry.EventBusName ?? 'default'))) {
        const decision = options.iam.authorize(accessKey, 'events:PutEvents', busArn(bus));
        if (!decision.allowed)
          return reply(400, { __type: 'AccessDeniedException', Message: decision.message });
      }
    }
    const results = entries.map((entry) => {
      if (entry.EventBusName && entry.EventBusName !== options.busName) {
        return {
          ErrorCode: 'ResourceNotFoundException',
          ErrorMessage: `Event bus ${entry.EventBusName} does not exist.`,
        };
      }
      if (!entry.Source || !entry.DetailType || !entry.Detail) {
        return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Source, DetailType and Detail are required.' };
      }
      try {
        return { EventId: publish(entry) };
      } catch {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
      }
    });
    reply(200, {
      FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length,
      Entries: results,
    });
  });

  return {
    server,
    history,
    /** for sources inside the local cloud itself (S3 notifications), as AWS services publish directly */
    publish: (entry: Required<Pick<PutEventsEntry, 'Source' | 'DetailType' | 'Detail'>>) => publish(entry),
    /** resolves when every delivery in flight has finished (tests, clean shutdown) */
    drain: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
