import { createHash, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * Which requests came through our CloudFront distributions (docs/decisions.md, "Origin verify"). Each
 * distribution sends this header to the API with a secret the stack generates (infra/lib/api-origin.ts); the
 * local front door sends the local cloud's. CloudFront overwrites a header of that name a viewer sends, so
 * only CloudFront can put the secret there. A request without it reached the API some other way (the
 * execute-api endpoint where a stage still has it), and the headers CloudFront would have added
 * (`CloudFront-Viewer-Address`, …) are then the caller's own words: they are removed before any handler runs.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The headers only CloudFront sets (viewer address, country, device): trusted only with the secret. */
const CLOUDFRONT_HEADER = /^cloudfront-/;

const fromCloudFront = new WeakSet<object>();

/** Equal secrets, compared in constant time (hashes first: equal length, whatever was sent). */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * Whether the request came through CloudFront with the origin-verify secret. Only functions that declare
 * the `originVerify` secret (their manifest entry's `secrets`) read it; for every other one this is false.
 */
export function isFromCloudFront(event: APIGatewayProxyEventV2): boolean {
  return fromCloudFront.has(event);
}

/**
 * Reads and removes the origin-verify header (no handler or log sees the secret) and, unless it carried the
 * function's secret, removes every `cloudfront-*` header the caller sent. Idempotent on one event.
 */
export function verifyOrigin(event: APIGatewayProxyEventV2, secret: string | undefined): boolean {
  const headers = event.headers ?? {};
  const sent = headers[ORIGIN_VERIFY_HEADER];
  delete headers[ORIGIN_VERIFY_HEADER];
  const verified =
    fromCloudFront.has(event) || (Boolean(secret) && sent !== undefined && sameSecret(sent, secret!));
  if (verified) {
    fromCloudFront.add(event);
    return true;
  }
  for (const name of Object.keys(headers)) {
    if (CLOUDFRONT_HEADER.test(name)) delete headers[name];
  }
  return false;
}

/** Reads the origin-verify secret (functions/aws/secrets.ts), for the functions given it. */
export type OriginSecret = () => Promise<string>;

/**
 * Middleware: `verifyOrigin` before anything else reads the request, with the function's secret when it
 * has one (a handler that reads the viewer's address passes `originSecret` to withHttp).
 */
export const originVerification = (
  originSecret?: OriginSecret,
): middy.MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async (request) => {
    const sent = request.event.headers?.[ORIGIN_VERIFY_HEADER];
    verifyOrigin(request.event, sent !== undefined && originSecret ? await originSecret() : undefined);
  },
});
