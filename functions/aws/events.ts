import {
  EventBridgeClient,
  PutEventsCommand,
  type PutEventsRequestEntry,
  type PutEventsResultEntry,
} from '@aws-sdk/client-eventbridge';
import { type DetailType, EVENT_SOURCE, type EventDetail, eventCatalog } from '#contracts/events';
import { clientSettings } from './aws-settings.ts';
import { config } from './config.ts';

/**
 * Platform events put on the bus with `@aws-sdk/client-eventbridge` (PutEvents). The local cloud's bus
 * answers the same request (local/event-bus.ts).
 */

const clients = new Map<string, EventBridgeClient>();
/** One client per endpoint, the endpoint read per call (a test can point a handler at another bus). */
const eventBridge = () => {
  const endpoint = config.endpoints.eventBridge;
  let client = clients.get(endpoint ?? '');
  if (!client) {
    client = new EventBridgeClient({ ...clientSettings(), endpoint });
    clients.set(endpoint ?? '', client);
  }
  return client;
};

/** Entry error codes worth another PutEvents: the bus was busy or failed inside, the entry was fine. */
const TRANSIENT_ENTRY_ERROR = /Throttl|InternalFailure|InternalException|ServiceUnavailable/;
/** PutEvents rounds for entries the bus failed one by one (the SDK retries whole-call failures itself). */
const ENTRY_ROUNDS = 3;

/** The bus did not take an event: its error code (never shown to a caller). */
export class EventPublishError extends Error {
  override name = 'EventPublishError';
  constructor(
    readonly detailType: string,
    readonly code: string,
  ) {
    super(`event ${detailType} was not accepted: ${code}`);
  }
}

/**
 * Puts entries on the bus. PutEvents answers 200 even when some entries failed (`FailedEntryCount`, an
 * `ErrorCode` per failed entry): the entries failed for a transient reason are put again, up to
 * ENTRY_ROUNDS in all with a growing pause; any entry still failed is thrown, never dropped.
 */
export async function putEntries(entries: readonly PutEventsRequestEntry[]): Promise<void> {
  let pending = [...entries];
  for (let round = 1; ; round += 1) {
    const result = await eventBridge().send(new PutEventsCommand({ Entries: pending }));
    if (!result.FailedEntryCount) return;
    const failed = pending
      .map((entry, index) => ({ entry, result: result.Entries?.[index] ?? ({} as PutEventsResultEntry) }))
      // an entry without an EventId was not taken (the result has one entry per entry, in order)
      .filter(({ result: answer }) => answer.ErrorCode || !answer.EventId);
    const permanent = failed.find(
      ({ result: answer }) => !TRANSIENT_ENTRY_ERROR.test(answer.ErrorCode ?? ''),
    );
    if (permanent || round >= ENTRY_ROUNDS) {
      const { entry, result: answer } = permanent ?? failed[0]!;
      throw new EventPublishError(entry.DetailType ?? '', answer.ErrorCode ?? 'NotAccepted');
    }
    pending = failed.map(({ entry }) => entry);
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** round * Math.random()));
  }
}

/**
 * Puts one platform event on the bus; the detail is checked against the catalog's schema first, so a
 * producer cannot emit what consumers would reject.
 */
export async function publishEvent<T extends DetailType>(
  detailType: T,
  detail: EventDetail<T>,
): Promise<void> {
  const checked = eventCatalog[detailType].parse(detail);
  await putEntries([
    {
      EventBusName: config.eventBusName,
      Source: EVENT_SOURCE,
      DetailType: detailType,
      Detail: JSON.stringify(checked),
    },
  ]);
}
