import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import { type DetailType, EVENT_SOURCE, type EventDetail, eventCatalog } from '#events/catalog';
import { config } from './config.ts';
import { isServerTrouble, signedFetch } from './signed-fetch.ts';
import { NodeSha256 } from './sigv4.ts';

/**
 * EventBridge PutEvents over its JSON API, signed with the SDK's own SigV4 signer (docs/decisions.md,
 * "Lambda bundle budget"): the EventBridge client costs a producer ~19 KB, the call itself is one signed
 * POST. The local cloud's bus answers the same request (local/event-bus.ts).
 */

const signer = new SignatureV4({
  credentials: fromEnv(),
  region: config.region,
  service: 'events',
  sha256: NodeSha256,
});

const endpoint = () =>
  new URL(config.endpoints.eventBridge ?? `https://events.${config.region}.amazonaws.com/`);

async function putEvents(
  body: string,
): Promise<{ FailedEntryCount?: number; Entries?: Array<{ ErrorCode?: string }> }> {
  const response = await signedFetch(
    signer,
    {
      method: 'POST',
      url: endpoint(),
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSEvents.PutEvents' },
      body,
    },
    // throttling and internal errors also come as 400s named by their type
    {
      retry: async (answer) =>
        isServerTrouble(answer) ||
        /Throttl|InternalException|ServiceUnavailable/.test(await answer.clone().text()),
    },
  );
  const text = await response.text();
  if (response.ok) return JSON.parse(text);
  let type = String(response.status);
  try {
    type = String((JSON.parse(text) as { __type?: string }).__type ?? type);
  } catch {
    // not a JSON error body (a proxy's page): the status says enough
  }
  throw new Error(`EventBridge PutEvents failed: ${response.status} ${type}`);
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
  const result = await putEvents(
    JSON.stringify({
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
