import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import { NodeSha256 } from './sigv4.ts';

/**
 * CloudFront `CreateInvalidation` (POST /2020-05-31/distribution/{Id}/invalidation, an XML batch) over
 * fetch, signed with SigV4 for the global `cloudfront` service in us-east-1 — the request the CloudFront
 * client sends, without the client (docs/decisions.md, "Lambda bundle budget"). The distribution comes
 * from `SITES_DISTRIBUTION_ID`, the endpoint from `AWS_ENDPOINT_URL_CLOUDFRONT` when set; both are read per
 * call. Without a distribution (the local cloud, which has no CDN) nothing is sent.
 */

export const DISTRIBUTION_ENV = 'SITES_DISTRIBUTION_ID';
export const CLOUDFRONT_ENDPOINT_ENV = 'AWS_ENDPOINT_URL_CLOUDFRONT';
const API_VERSION = '2020-05-31';
const RETRIES = 3;

/** CloudFront refused the invalidation (never shown to a caller). */
export class CloudFrontError extends Error {
  override name = 'CloudFrontError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let signer: SignatureV4 | undefined;
const signerOf = () => {
  signer ??= new SignatureV4({
    credentials: fromEnv(),
    // CloudFront's API is global and signs in us-east-1
    region: 'us-east-1',
    service: 'cloudfront',
    sha256: NodeSha256,
  });
  return signer;
};

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The InvalidationBatch document. */
export function invalidationBatchXml(paths: readonly string[], callerReference: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/${API_VERSION}/">` +
    `<Paths><Quantity>${paths.length}</Quantity><Items>${paths
      .map((path) => `<Path>${xmlEscape(path)}</Path>`)
      .join('')}</Items></Paths>` +
    `<CallerReference>${xmlEscape(callerReference)}</CallerReference>` +
    '</InvalidationBatch>'
  );
}

export type InvalidationResult =
  | { status: 'skipped' }
  | { status: 'created' | 'exists'; invalidationId?: string };

/**
 * Invalidates `paths` on the sites distribution. `callerReference` makes the call idempotent: the same
 * reference with the same paths answers the invalidation already made, so a redelivered event does not
 * make (and pay for) a second one.
 */
export async function invalidatePaths(
  paths: readonly string[],
  callerReference: string,
): Promise<InvalidationResult> {
  const distributionId = process.env[DISTRIBUTION_ENV];
  if (!distributionId || paths.length === 0) return { status: 'skipped' };
  const base = new URL(process.env[CLOUDFRONT_ENDPOINT_ENV] || 'https://cloudfront.amazonaws.com/');
  const path = `${base.pathname.replace(/\/$/, '')}/${API_VERSION}/distribution/${encodeURIComponent(distributionId)}/invalidation`;
  const body = invalidationBatchXml(paths, callerReference);
  let lastError: unknown;
  for (let attempt = 0; attempt < RETRIES; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    const signed = await signerOf().sign({
      method: 'POST',
      protocol: base.protocol,
      hostname: base.hostname,
      ...(base.port ? { port: Number(base.port) } : {}),
      path,
      query: {},
      headers: { host: base.host, 'content-type': 'application/xml' },
      body,
    });
    const { host: _host, ...headers } = signed.headers;
    try {
      const response = await fetch(`${base.protocol}//${base.host}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? String(response.status);
      if (response.ok) {
        const id = /<Id>([^<]+)<\/Id>/.exec(text)?.[1];
        return { status: 'created', ...(id ? { invalidationId: id } : {}) };
      }
      // the same reference with other paths: this event's invalidation was already made
      if (code === 'InvalidationBatchAlreadyExists') return { status: 'exists' };
      lastError = new CloudFrontError(response.status, code, `CloudFront CreateInvalidation failed: ${code}`);
      if (response.status < 500 && response.status !== 429 && code !== 'Throttling') break;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
