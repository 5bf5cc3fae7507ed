/**
 * The machine-readable `code` of every error body the API answers (`{"error": <text>, "code": <code>, …}`),
 * with the statuses each one comes with. The text may be reworded; a code never changes meaning, so a
 * client decides by the code and shows the text. Read by the handlers' error mapping (functions/platform/errors.ts),
 * the OpenAPI document (its `Error` schema's `code` enum, per status) and the frontend's error reader.
 */
export const ERROR_CODES = {
  validation_failed: {
    statuses: [400],
    description: 'A path, query or body value is invalid: `fields` names each one with its message',
  },
  unauthenticated: { statuses: [401], description: 'No access token, or one that is invalid or expired' },
  payment_failed: {
    statuses: [402],
    description: 'The paywall: the last payment failed (the `reason` of the paywall body)',
  },
  subscription_expired: {
    statuses: [402],
    description: 'The paywall: the subscription has expired (the `reason` of the paywall body)',
  },
  usage_limit_reached: {
    statuses: [402],
    description: "The paywall: the plan's limit of a feature is reached (the `reason` of the paywall body)",
  },
  premium_feature: {
    statuses: [402],
    description: 'The paywall: the feature is not in the plan (the `reason` of the paywall body)',
  },
  forbidden: { statuses: [403], description: 'Not allowed for your role or for this request' },
  limit_reached: {
    statuses: [403],
    description: "The plan's limit of clients is reached (`Feature limit reached`: the limit prompt)",
  },
  not_in_plan: { statuses: [403], description: 'The feature (branding) is not available on your plan' },
  not_found: { statuses: [404], description: 'Not found, or not yours' },
  conflict: {
    statuses: [409],
    description: 'Conflicts with the current state: already exists, already answered, not ready yet',
  },
  gone: { statuses: [410], description: 'It expired, was used, or what it depended on was deleted' },
  stale_website: {
    statuses: [412],
    description: 'The `If-Match` revision of a website save is no longer the current one: nothing was saved',
  },
  payload_too_large: { statuses: [413], description: 'The body, or what it asks for, is too large' },
  unsupported_media_type: {
    statuses: [415],
    description:
      'The body is in a media type or encoding the route does not read, or a file is not what it says',
  },
  rate_limited: { statuses: [429], description: 'Too many requests: wait for `Retry-After` seconds' },
  internal: { statuses: [500], description: 'The server failed; the detail is only in its log' },
  unavailable: {
    statuses: [502, 503, 504],
    description: 'A service it depends on (email, payments) did not answer or is not available: try again',
  },
  busy: {
    statuses: [503],
    description: 'Too many changes at once on the same data: nothing was saved; retry after `Retry-After`',
  },
} as const satisfies Record<string, { statuses: readonly number[]; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

/** The codes an answer of `status` may carry (empty for a status no error of ours has). */
export const errorCodesFor = (status: number): ErrorCode[] =>
  ERROR_CODE_NAMES.filter((code) => (ERROR_CODES[code].statuses as readonly number[]).includes(status));

/**
 * The code of an answer that carries none: the general code of its status. An error the handler stack
 * raises without naming a code gets this one, and so does API Gateway's own `{"message": …}` answer (a
 * throttle, an unknown route, a body over the payload limit) when a client reads it.
 */
export function defaultErrorCode(status: number): ErrorCode {
  const general: Partial<Record<number, ErrorCode>> = {
    403: 'forbidden',
    502: 'unavailable',
    503: 'unavailable',
    504: 'unavailable',
  };
  const code = general[status] ?? errorCodesFor(status)[0];
  if (code) return code;
  return status >= 500 ? 'internal' : 'validation_failed';
}
