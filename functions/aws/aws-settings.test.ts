import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS } from '#contracts/route';
import { clientSettings, worstCallMs } from './aws-settings.ts';

describe('AWS client settings', () => {
  it('fit every attempt of a timed-out call, and the pauses between them, in a route’s default timeout', () => {
    expect(worstCallMs()).toBeLessThanOrEqual(DEFAULT_ROUTE_TIMEOUT_SECONDS * 1000);
  });

  it('use the standard retry mode with timeouts on the request handler', () => {
    expect(clientSettings()).toMatchObject({
      retryMode: 'standard',
      maxAttempts: 3,
      requestHandler: {
        connectionTimeout: expect.any(Number),
        requestTimeout: expect.any(Number),
        throwOnRequestTimeout: true,
      },
    });
  });
});
