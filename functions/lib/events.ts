import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { type DetailType, EVENT_SOURCE, type EventDetail, eventCatalog } from '#events/catalog';
import { config } from './config.ts';

/** The EventBridge client, created once per container. */
export const eventBridge = new EventBridgeClient({
  region: config.region,
  endpoint: config.endpoints.eventBridge,
});

/**
 * Puts one platform event on the bus; the detail is checked against the catalog's schema first, so a
 * producer cannot emit what consumers would reject.
 */
export async function publishEvent<T extends DetailType>(
  detailType: T,
  detail: EventDetail<T>,
): Promise<void> {
  const checked = eventCatalog[detailType].parse(detail);
  const result = await eventBridge.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: config.eventBusName,
          Source: EVENT_SOURCE,
          DetailType: detailType,
          Detail: JSON.stringify(checked),
        },
      ],
    }),
  );
  if (result.FailedEntryCount)
    throw new Error(`event ${detailType} was not accepted: ${result.Entries?.[0]?.ErrorCode}`);
}
