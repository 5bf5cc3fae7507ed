import type { EventBridgeEvent } from 'aws-lambda';
import { type ConsumedDetailType, consumedEvents, type PlatformEventOf } from '#contracts/events';
import { logger } from './logger.ts';

export interface ConsumerDefinition<T extends ConsumedDetailType> {
  /** what the consumer is, in its logs ("page regenerator") */
  name: string;
  /** the detail-types its rule (contracts/event-rules.ts) delivers */
  detailTypes: readonly T[];
  /**
   * Handles one delivery. EventBridge delivers at least once, so a delivery may repeat or race another:
   * each consumer makes a repeat harmless where it writes (a conditional write keyed by what it changes,
   * a reconciliation from the table, or `event.id` as the request's idempotency key, as CloudFront's
   * caller reference), never by remembering deliveries.
   */
  handle: (event: PlatformEventOf<T>) => Promise<void>;
}

/**
 * The one wrapper of the bus's consumers: the envelope's detail-type must be one the consumer takes (any
 * other is logged and left alone) and its detail is parsed with the catalog's schema (contracts/events.ts)
 * before `handle` sees it; a detail that does not match fails the delivery, for EventBridge to retry it and
 * then keep it in the dead-letter queue. The consumer's logs carry the event's id and detail-type.
 */
export function defineConsumer<T extends ConsumedDetailType>({
  name,
  detailTypes,
  handle,
}: ConsumerDefinition<T>): (event: EventBridgeEvent<string, unknown>) => Promise<void> {
  const taken = new Set<string>(detailTypes);
  const isTaken = (detailType: string): detailType is T => taken.has(detailType);
  return async (event) => {
    const detailType = event['detail-type'];
    if (!isTaken(detailType)) {
      logger.warn(`${name} got an event it does not handle`, { detailType });
      return;
    }
    const parsed = consumedEvents[detailType].safeParse(event.detail);
    if (!parsed.success) {
      logger.error(`${name} got an event whose detail does not match the catalog`, {
        detailType,
        eventId: event.id,
        issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      throw parsed.error;
    }
    const keys = { eventId: event.id, detailType };
    logger.appendKeys(keys);
    try {
      await handle({ ...event, 'detail-type': detailType, detail: parsed.data } as PlatformEventOf<T>);
    } finally {
      logger.removeKeys(Object.keys(keys));
    }
  };
}

/** What a scheduled job reads of its Lambda context. */
export interface JobContext {
  getRemainingTimeInMillis: () => number;
}

/**
 * The wrapper of the scheduled jobs (contracts/schedules.ts): `run` gets the Scheduled Event (or an
 * operator's own event, or none when a test or the seed calls it) and the time its invocation has left
 * (unbounded outside Lambda), so a job stops at a page boundary and its next run carries on. A job is
 * idempotent by reconciliation: each run decides from the table as it is, so runs may repeat or overlap.
 */
export function defineScheduledJob<E, R>(
  run: (event: E | undefined, timeLeft: () => number) => Promise<R>,
): (event?: E, context?: JobContext) => Promise<R> {
  return (event, context) =>
    run(event, () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY);
}
