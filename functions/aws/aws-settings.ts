import { config } from './config.ts';

/**
 * Retries and timeouts of the AWS clients (S3, EventBridge, SES, CloudFront, KeyValueStore), one setting
 * for all: the SDK's `standard` retry mode (exponential backoff with jitter and a retry quota; throttling,
 * 5xx and network errors retried), three attempts, each given up after CONNECTION_TIMEOUT_MS to connect
 * and REQUEST_TIMEOUT_MS for the answer to begin (`throwOnRequestTimeout`: without it the SDK only warns).
 * Every attempt of a call that times out, and the pauses between them, fit in a route's default timeout
 * (10 s), so a handler answers its own error before Lambda stops it. A call that sends a large body gives
 * itself more time for it in the `send` options (`requestTimeoutFor`).
 */
export const MAX_ATTEMPTS = 3;
export const CONNECTION_TIMEOUT_MS = 1_000;
export const REQUEST_TIMEOUT_MS = 2_000;
/** the standard mode's pauses before the 2nd and 3rd attempts are at most 2^n × 100 ms */
export const WORST_BACKOFF_MS = 200 + 400;

/** The worst time a call can take when every attempt times out. */
export const worstCallMs = () =>
  MAX_ATTEMPTS * (CONNECTION_TIMEOUT_MS + REQUEST_TIMEOUT_MS) + WORST_BACKOFF_MS;

/** The time to wait for an answer to a request that sends `bytes` (at least 1 MB/s on the way out). */
export const requestTimeoutFor = (bytes: number) => REQUEST_TIMEOUT_MS + Math.ceil(bytes / 1_000);

/** The client settings the modules share; `region` read once, when the client is made. */
export const clientSettings = () => ({
  region: config.region,
  maxAttempts: MAX_ATTEMPTS,
  retryMode: 'standard' as const,
  requestHandler: {
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    throwOnRequestTimeout: true,
  },
});
