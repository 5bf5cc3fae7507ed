import { describe, expect, it } from 'vitest';
import { apiErrorMessage, readApiError } from './apiError.ts';

describe('readApiError', () => {
  it("reads the API's text and code", () => {
    const error = {
      status: 412,
      data: {
        error: 'This website was changed elsewhere since you opened it.',
        code: 'stale_website',
        reason: 'stale_website',
      },
    };

    expect(readApiError(error)).toEqual({
      status: 412,
      message: 'This website was changed elsewhere since you opened it.',
      code: 'stale_website',
      data: error.data,
    });
  });

  it('reads the 402 paywall body like any other error: its message and its reason as the code', () => {
    const data = {
      paywall: true,
      error: 'Your subscription has expired. Renew it to continue.',
      code: 'subscription_expired',
      reason: 'subscription_expired',
      message: 'Your subscription has expired. Renew it to continue.',
      action: 'renew_subscription',
    };

    expect(readApiError({ status: 402, data })).toMatchObject({
      status: 402,
      message: 'Your subscription has expired. Renew it to continue.',
      code: 'subscription_expired',
    });
  });

  it("gives API Gateway's own {message} answers the general code of their status and no text to show", () => {
    const throttled = readApiError({ status: 429, data: { message: 'Too Many Requests' } });
    const unknownRoute = readApiError({ status: 404, data: { message: 'Not Found' } });
    const failed = readApiError({ status: 500, data: { message: 'Internal Server Error' } });
    const timedOut = readApiError({ status: 503, data: { message: 'Service Unavailable' } });
    const tooLarge = readApiError({ status: 413, data: { message: 'Request Entity Too Large' } });

    expect(throttled).toMatchObject({ code: 'rate_limited', message: undefined });
    expect(unknownRoute).toMatchObject({ code: 'not_found', message: undefined });
    expect(failed).toMatchObject({ code: 'internal', message: undefined });
    expect(timedOut).toMatchObject({ code: 'unavailable', message: undefined });
    expect(tooLarge).toMatchObject({ code: 'payload_too_large', message: undefined });
  });

  it('reads the code of an answer from before codes from its reason', () => {
    const paywall = { paywall: true, reason: 'usage_limit_reached', message: 'Limit', action: 'upgrade' };

    expect(readApiError({ status: 402, data: paywall })).toMatchObject({ code: 'usage_limit_reached' });
  });

  it('takes a code it does not know as none, and falls back to the status', () => {
    expect(
      readApiError({ status: 409, data: { error: 'Already exists', code: 'from_the_future' } }),
    ).toMatchObject({ message: 'Already exists', code: 'conflict' });
  });

  it('reads a body that was not JSON by its real status (PARSING_ERROR)', () => {
    const error = {
      status: 'PARSING_ERROR',
      originalStatus: 413,
      data: 'HTTP content length exceeded',
      error: '',
    };

    expect(readApiError(error)).toMatchObject({ status: 413, code: 'payload_too_large', message: undefined });
  });

  it('has no code and no text when no answer came, and no text from a thrown exception', () => {
    const offline = readApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    const timeout = readApiError({ status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' });

    expect(offline).toEqual({ status: 'FETCH_ERROR', message: undefined, code: undefined, data: undefined });
    expect(timeout).toMatchObject({ message: undefined, code: undefined });
    expect(readApiError(undefined)).toEqual({
      status: undefined,
      message: undefined,
      code: undefined,
      data: undefined,
    });
    expect(readApiError(new Error('boom'))).toMatchObject({ message: undefined, code: undefined });
  });

  it("reads the message of the app's own query (CUSTOM_ERROR)", () => {
    expect(readApiError({ status: 'CUSTOM_ERROR', error: 'Authentication token is missing' })).toMatchObject({
      message: 'Authentication token is missing',
      code: undefined,
    });
  });
});

describe('apiErrorMessage', () => {
  it("is the API's text, else the fallback", () => {
    expect(
      apiErrorMessage({ status: 403, data: { error: 'Feature limit reached', code: 'limit_reached' } }, 'x'),
    ).toBe('Feature limit reached');
    expect(
      apiErrorMessage({ status: 400, data: { error: '  ', code: 'validation_failed' } }, 'Try again'),
    ).toBe('Try again');
    expect(apiErrorMessage({ status: 429, data: { message: 'Too Many Requests' } }, 'Try again')).toBe(
      'Try again',
    );
    expect(apiErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Offline')).toBe(
      'Offline',
    );
  });
});
