import { defaultErrorCode, type ErrorCode, isErrorCode } from '#contracts/error-codes';

/**
 * A failed API call as every feature reads it. The API answers `{"error": <text>, "code": <code>, …}`
 * (contracts/error-codes.ts); API Gateway's own answers (a throttle, an unknown route, a body over its
 * limit, a function that failed or timed out) are `{"message": …}` with no code, so they get the general
 * code of their status and no text worth showing.
 */
export interface ApiError {
  /** the HTTP status, or RTK Query's name of a failure without one (`FETCH_ERROR`, `TIMEOUT_ERROR`…) */
  status: number | string | undefined;
  /** the text to show: the API's `error`, or a message the app's own query gave (`CUSTOM_ERROR`) */
  message: string | undefined;
  /** what went wrong, for the program to decide by; undefined when no answer came (offline, timeout) */
  code: ErrorCode | undefined;
  /** the body as sent, for the fields some answers add (`fields`, `reason`, `current`, `maximum`…) */
  data: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Reads an RTK Query error (or anything thrown): its status, text, code and body. */
export function readApiError(error: unknown): ApiError {
  const failure = isObject(error) ? error : {};
  const rawStatus = failure.status;
  // a body that was not JSON: RTK Query's PARSING_ERROR keeps the real status beside it
  const status = typeof failure.originalStatus === 'number' ? failure.originalStatus : rawStatus;
  const data = failure.data;
  const body = isObject(data) ? data : {};
  let message = typeof body.error === 'string' && body.error.trim() !== '' ? body.error : undefined;
  // the app's own queries fail with their message under `error` (spec: "Authentication token is missing")
  if (rawStatus === 'CUSTOM_ERROR' && typeof failure.error === 'string') message ??= failure.error;
  let code: ErrorCode | undefined;
  if (isErrorCode(body.code)) code = body.code;
  // an answer from before codes: a paywall's or a stale save's reason names the same thing
  else if (isErrorCode(body.reason)) code = body.reason;
  else if (typeof status === 'number' && status >= 400) code = defaultErrorCode(status);
  return {
    status: typeof status === 'number' || typeof status === 'string' ? status : undefined,
    message,
    code,
    data,
  };
}

/** The text of a failed API call: the server's (or the app's own query's) message, else `fallback`. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return readApiError(error).message ?? fallback;
}
