import type { PaywallBody } from '#contracts/schemas/common';

/**
 * An error meant for the client: a status, a human message and, for validation, messages per field.
 * Anything else thrown in a handler is logged and answered as 500 {"error":"Internal error"}.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: {
      fields?: Record<string, string>;
      body?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'HttpError';
  }

  /** The JSON body sent to the client. */
  toBody(): Record<string, unknown> {
    if (this.details.body) return this.details.body;
    return this.details.fields
      ? { error: this.message, fields: this.details.fields }
      : { error: this.message };
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

/** The 402 that opens the paywall modal (spec §7, §8); like every refusal it carries `error` too. */
export const paywall = (body: Omit<PaywallBody, 'paywall' | 'error'>) =>
  new HttpError(402, body.message, { body: { paywall: true, error: body.message, ...body } });

export const INTERNAL_ERROR_BODY = { error: 'Internal error' } as const;

/** The answer to a request the table refused for contention (nothing was written): try again shortly. */
export const BUSY_ERROR_BODY = {
  error: 'Too many changes are being made at once. Nothing was saved; try again in a moment.',
} as const;
