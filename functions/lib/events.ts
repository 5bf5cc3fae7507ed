import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import { type DetailType, EVENT_SOURCE, type EventDetail, eventCatalog } from '#events/catalog';
import { config } from './config.ts';
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

/** Errors worth another try: throttling, 5xx and the network. */
const RETRIES = 3;
const retryable = (status: number, type: string) =>
  status >= 500 || status === 429 || /Throttl|InternalException|ServiceUnavailable/.test(type);

async function putEvents(
  body: string,
): Promise<{ FailedEntryCount?: number; Entries?: Array<{ ErrorCode?: string }> }> {
  const url = endpoint();
  let lastError: unknown;
  for (let attempt = 0; attempt < RETRIES; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query: {},
      headers: {
        host: url.host,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSEvents.PutEvents',
      },
      body,
    });
    // fetch sets Host itself, to the same value that was signed
    const { host: _host, ...headers } = signed.headers;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      if (response.ok) return JSON.parse(text);
      const type = String((JSON.parse(text || '{}') as { __type?: string }).__type ?? response.status);
      lastError = new Error(`EventBridge PutEvents failed: ${response.status} ${type}`);
      if (!retryable(response.status, type)) break;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
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
