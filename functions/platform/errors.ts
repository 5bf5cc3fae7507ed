import { defaultErrorCode, type ErrorCode } from '#contracts/error-codes';
import type { ErrorBody, PaywallBody } from '#contracts/schemas/common';

/**
 * An error meant for the client: a status, a human message, a machine-readable code (the status's
 * general one unless named: contracts/error-codes.ts) and, for validation, messages per field.
 * Anything else thrown in a handler is logged and answered as 500 {"error":"Internal error","code":"internal"}.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: {
      code?: ErrorCode;
      fields?: Record<string, string>;
      /** further fields of the body, beside `error` and `code` (a paywall's reason, a limit's numbers) */
      body?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'HttpError';
    this.code = details.code ?? defaultErrorCode(statusCode);
  }

  /** The JSON body sent to the client: always `error` (the message) and `code`. */
  toBody(): Record<string, unknown> {
    return {
      ...this.details.body,
      error: this.message,
      code: this.code,
      ...(this.details.fields && { fields: this.details.fields }),
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields ? { fields } : {});
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
/** Another tenant's object is answered exactly like a missing one. */
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);

/**
 * The 402 that opens the paywall modal (spec §7, §8); like every refusal it carries `error` (the message)
 * and `code` (the reason) too.
 */
export const paywall = (body: Omit<PaywallBody, 'paywall' | 'error' | 'code'>) =>
  new HttpError(402, body.message, { code: body.reason, body: { paywall: true, ...body } });

export const INTERNAL_ERROR_BODY = { error: 'Internal error', code: 'internal' } as const satisfies ErrorBody;

/** The answer to a request the table refused for contention (nothing was written): try again shortly. */
export const BUSY_ERROR_BODY = {
  error: 'Too many changes are being made at once. Nothing was saved; try again in a moment.',
  code: 'busy',
} as const satisfies ErrorBody;
