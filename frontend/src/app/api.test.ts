// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../test/renderWithProviders.tsx';
import { type ApiExtraOptions, api, BUSY_RETRIES } from './api.ts';
import { makeStore } from './store.ts';

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    listThings: build.query<unknown, void>({ query: () => 'api/things' }),
    setupDomain: build.mutation<unknown, void>({
      query: () => ({ url: 'api/website-domains/setup', method: 'POST', body: {} }),
      extraOptions: { anonymous: true } satisfies ApiExtraOptions,
    }),
  }),
});

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_request: Request) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const signedIn = () =>
  makeStore({ auth: authState({ token: 'jwt-abc', agentId: 'a1', isAuthenticated: true }) });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api base query', () => {
  it('adds the bearer token from the auth state', async () => {
    const fetchMock = stubFetch(200, { ok: true });
    const store = signedIn();

    await store.dispatch(testApi.endpoints.listThings.initiate());

    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/things');
    expect(request.headers.get('Authorization')).toBe('Bearer jwt-abc');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = stubFetch(200, {});
    await makeStore().dispatch(testApi.endpoints.listThings.initiate());
    expect(fetchMock.mock.calls[0]![0].headers.has('Authorization')).toBe(false);
  });

  it('leaves the header off for anonymous endpoints', async () => {
    const fetchMock = stubFetch(200, {});
    await signedIn().dispatch(testApi.endpoints.setupDomain.initiate());
    expect(fetchMock.mock.calls[0]![0].headers.has('Authorization')).toBe(false);
  });

  it('sends a call answered 503 with Retry-After again after the wait, and shows the last answer after the retries', async () => {
    vi.useFakeTimers();
    const busy = () =>
      new Response(JSON.stringify({ error: 'Too many changes are being made at once.' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
      });
    const fetchMock = vi
      .fn(async (_request: Request) => busy())
      .mockImplementationOnce(async () => busy())
      .mockImplementationOnce(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const first = signedIn().dispatch(testApi.endpoints.listThings.initiate());
    await vi.runAllTimersAsync();
    expect((await first).data).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset().mockImplementation(async () => busy());
    const second = signedIn().dispatch(testApi.endpoints.listThings.initiate());
    await vi.runAllTimersAsync();
    expect((await second).error).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1 + BUSY_RETRIES);
  });

  it('sends a read the server failed (500, 502, 504) again, and shows the last answer after the retries', async () => {
    vi.useFakeTimers();
    const failed = (status: number) => () => Response.json({ message: 'Internal Server Error' }, { status });
    const fetchMock = vi
      .fn(async (_request: Request) => failed(500)())
      .mockImplementationOnce(async () => failed(504)())
      .mockImplementationOnce(async () => failed(502)())
      .mockImplementationOnce(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const first = signedIn().dispatch(testApi.endpoints.listThings.initiate());
    await vi.runAllTimersAsync();
    expect((await first).data).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockReset().mockImplementation(async () => failed(500)());
    const second = signedIn().dispatch(
      testApi.endpoints.listThings.initiate(undefined, { forceRefetch: true }),
    );
    await vi.runAllTimersAsync();
    expect((await second).error).toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1 + BUSY_RETRIES);
  });

  it('never sends a write the server failed again (it may have been saved)', async () => {
    const fetchMock = stubFetch(500, { error: 'Something went wrong' });
    const result = await signedIn().dispatch(testApi.endpoints.setupDomain.initiate());
    expect(result.error).toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not wait on a 503 without Retry-After (a service that is off, not busy)', async () => {
    const fetchMock = stubFetch(503, { error: 'Online payment is not available yet.' });
    const result = await signedIn().dispatch(testApi.endpoints.listThings.initiate());
    expect(result.error).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opens the paywall modal on a 402 paywall body', async () => {
    stubFetch(402, {
      paywall: true,
      reason: 'usage_limit_reached',
      message: 'You have reached the properties limit of your plan.',
      action: 'upgrade',
      feature: 'properties',
      current: 10,
      maximum: 10,
    });
    const store = signedIn();

    const result = await store.dispatch(testApi.endpoints.listThings.initiate());

    expect(result.error).toMatchObject({ status: 402 });
    expect(store.getState().paywall).toEqual({
      open: true,
      details: {
        reason: 'usage_limit_reached',
        message: 'You have reached the properties limit of your plan.',
        action: 'upgrade',
        feature: 'properties',
        current: 10,
        maximum: 10,
      },
    });
  });

  it('does not open the paywall for a 402 without the paywall flag', async () => {
    stubFetch(402, { error: 'Payment required' });
    const store = signedIn();
    await store.dispatch(testApi.endpoints.listThings.initiate());
    expect(store.getState().paywall.open).toBe(false);
  });

  it('does not open the paywall for other statuses carrying the flag', async () => {
    stubFetch(403, { paywall: true, reason: 'premium_feature', message: '', action: '' });
    const store = signedIn();
    await store.dispatch(testApi.endpoints.listThings.initiate());
    expect(store.getState().paywall.open).toBe(false);
  });
});
