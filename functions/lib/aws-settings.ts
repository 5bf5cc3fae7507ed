import { config } from './config.ts';

/**
 * Retries and timeouts of the AWS clients (S3, EventBridge, SES, CloudFront, KeyValueStore), one setting
 * for all: the SDK's `standard` retry mode (exponential backoff with jitter and a retry quota, throttling
 * and 5xx retried), three attempts, each given up after CONNECTION_TIMEOUT_MS to connect and
 * REQUEST_TIMEOUT_MS without an answer (an idle socket: a long stream keeps flowing). Every attempt of a
 * call that times out, and the pauses between them, fit in a route's default timeout (10 s), so a
 * handler answers its own error before Lambda stops it. A call that legitimately waits longer (a
 * multi-megabyte part) passes its own `requestTimeout` in the `send` options.
 */
export const MAX_ATTEMPTS = 3;
export const CONNECTION_TIMEOUT_MS = 1_000;
export const REQUEST_TIMEOUT_MS = 2_000;
/** the standard mode's pauses before the 2nd and 3rd attempts are at most 2^n × 100 ms */
export const WORST_BACKOFF_MS = 200 + 400;

/** The worst time a call can take when every attempt times out. */
export const worstCallMs = () =>
  MAX_ATTEMPTS * (CONNECTION_TIMEOUT_MS + REQUEST_TIMEOUT_MS) + WORST_BACKOFF_MS;

/** The client settings the modules share; `region` read once, when the client is made. */
export const clientSettings = () => ({
  region: config.region,
  maxAttempts: MAX_ATTEMPTS,
  retryMode: 'standard' as const,
  requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
});
