import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import { isServerTrouble, signedFetch } from './signed-fetch.ts';
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
  const url = new URL(process.env[CLOUDFRONT_ENDPOINT_ENV] || 'https://cloudfront.amazonaws.com/');
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${API_VERSION}/distribution/${encodeURIComponent(distributionId)}/invalidation`;
  const codeOf = (text: string, status: number) => /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? String(status);
  const response = await signedFetch(
    signerOf(),
    {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/xml' },
      body: invalidationBatchXml(paths, callerReference),
    },
    {
      // CloudFront throttles with a 400 named Throttling
      retry: async (answer) =>
        isServerTrouble(answer) || codeOf(await answer.clone().text(), answer.status) === 'Throttling',
    },
  );
  const text = await response.text();
  if (response.ok) {
    const id = /<Id>([^<]+)<\/Id>/.exec(text)?.[1];
    return { status: 'created', ...(id ? { invalidationId: id } : {}) };
  }
  const code = codeOf(text, response.status);
  // the same reference with other paths: this event's invalidation was already made
  if (code === 'InvalidationBatchAlreadyExists') return { status: 'exists' };
  throw new CloudFrontError(response.status, code, `CloudFront CreateInvalidation failed: ${code}`);
}
