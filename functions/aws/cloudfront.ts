import {
  CloudFrontClient,
  CloudFrontServiceException,
  CreateInvalidationCommand,
} from '@aws-sdk/client-cloudfront';
import { clientSettings } from './aws-settings.ts';

/**
 * CloudFront `CreateInvalidation` with `@aws-sdk/client-cloudfront` (a global API, signed in us-east-1).
 * The distribution comes from `SITES_DISTRIBUTION_ID`, the endpoint from `AWS_ENDPOINT_URL_CLOUDFRONT`
 * when set; both are read per call. Without a distribution (the local cloud, which has no CDN) nothing
 * is sent.
 */

export const DISTRIBUTION_ENV = 'SITES_DISTRIBUTION_ID';
export const CLOUDFRONT_ENDPOINT_ENV = 'AWS_ENDPOINT_URL_CLOUDFRONT';

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

const clients = new Map<string, CloudFrontClient>();
/** One client per endpoint (the override is read per call). */
function cloudFront(): CloudFrontClient {
  const endpoint = process.env[CLOUDFRONT_ENDPOINT_ENV] || undefined;
  let client = clients.get(endpoint ?? '');
  if (!client) {
    client = new CloudFrontClient({ ...clientSettings(), region: 'us-east-1', endpoint });
    clients.set(endpoint ?? '', client);
  }
  return client;
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
  try {
    const result = await cloudFront().send(
      new CreateInvalidationCommand({
        DistributionId: distributionId,
        InvalidationBatch: {
          Paths: { Quantity: paths.length, Items: [...paths] },
          CallerReference: callerReference,
        },
      }),
    );
    const id = result.Invalidation?.Id;
    return { status: 'created', ...(id ? { invalidationId: id } : {}) };
  } catch (error) {
    if (!(error instanceof CloudFrontServiceException)) throw error;
    // the same reference with other paths: this event's invalidation was already made
    if (error.name === 'InvalidationBatchAlreadyExists') return { status: 'exists' };
    throw new CloudFrontError(
      error.$metadata.httpStatusCode ?? 0,
      error.name,
      `CloudFront CreateInvalidation failed: ${error.name}`,
    );
  }
}
