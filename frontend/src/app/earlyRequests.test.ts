// @vitest-environment happy-dom
import { persistStore } from 'redux-persist';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCredentials } from '../features/auth/authSlice.ts';
import { fakeJwt } from '../test/fakes.ts';
import {
  EARLY_RESPONSE_MAX_AGE_MS,
  requestKey,
  startEarlyRequest,
  takeEarlyResponse,
} from './earlyRequests.ts';
import { makeStore } from './store.ts';
import { readStoredSession } from './storedSession.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A GET as the API client sends it (fetchBaseQuery hands fetchFn a Request). */
const clientRequest = (path: string, token: string) =>
  new Request(new URL(path, window.location.origin), { headers: { authorization: `Bearer ${token}` } });

afterEach(() => {
  window.__earlyRequests = undefined;
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('early requests (boot.ts → the API client)', () => {
  it('gives the client the early response once, for the same path and token, whatever the query order', async () => {
    const fetch = vi.fn(async () => json({ agent_id: 'a-1' }));
    vi.stubGlobal('fetch', fetch);
    startEarlyRequest('api/properties?page=1&limit=6&agent_id=a-1', 'token-1');
    expect(fetch).toHaveBeenCalledTimes(1);

    const request = clientRequest('/api/properties?agent_id=a-1&limit=6&page=1', 'token-1');
    const early = takeEarlyResponse(request);
    expect(await (await early!).json()).toEqual({ agent_id: 'a-1' });
    // taken: the next read of the same page goes to the network
    expect(takeEarlyResponse(request)).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is not used by another token, a stale read, another method or another page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    startEarlyRequest('api/agents/a-1', 'token-1');
    expect(takeEarlyResponse(clientRequest('/api/agents/a-1', 'token-2'))).toBeUndefined();
    // dropped, not kept for a later match
    expect(window.__earlyRequests?.size).toBe(0);

    startEarlyRequest('api/agents/a-1', 'token-1');
    const put = new Request(new URL('/api/agents/a-1', window.location.origin), {
      method: 'PUT',
      headers: { authorization: 'Bearer token-1' },
    });
    expect(takeEarlyResponse(put)).toBeUndefined();
    expect(takeEarlyResponse(clientRequest('/api/agents/a-2', 'token-1'))).toBeUndefined();

    const startedAt = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(startedAt + EARLY_RESPONSE_MAX_AGE_MS + 1);
    expect(takeEarlyResponse(clientRequest('/api/agents/a-1', 'token-1'))).toBeUndefined();
  });

  it('sends the client’s own request when the early one failed on the network', async () => {
    const fetch = vi
      .fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({ agent_id: 'a-1' }));
    vi.stubGlobal('fetch', fetch);
    startEarlyRequest('api/agents/a-1', 'token-1');
    const response = await takeEarlyResponse(clientRequest('/api/agents/a-1', 'token-1'))!;
    expect(await response.json()).toEqual({ agent_id: 'a-1' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keys a URL by its path and sorted query', () => {
    expect(requestKey('/api/properties?page=1&agent_id=a%201')).toBe(
      requestKey('/api/properties?agent_id=a+1&page=1'),
    );
    expect(requestKey('/api/agents/a-1')).not.toBe(requestKey('/api/agents/a-2'));
  });
});

describe('the stored session boot.ts reads', () => {
  it('is what the app persisted with redux-persist', async () => {
    // the listeners that follow a sign-in read the agent: answered here, nothing else is under test
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    const store = makeStore();
    let persistor!: ReturnType<typeof persistStore>;
    // redux-persist writes only once it has read what was stored
    await new Promise<void>((rehydrated) => {
      persistor = persistStore(store, null, rehydrated);
    });
    store.dispatch(setCredentials({ token: 'jwt-1', agentId: 'agent-1', agencyId: 'agency-1' }));
    await persistor.flush();
    expect(readStoredSession()).toEqual({ token: 'jwt-1', agentId: 'agent-1', agencyId: 'agency-1' });

    store.dispatch(setCredentials({ token: 'jwt-2', agentId: 'agent-2', agencyId: null }));
    await persistor.flush();
    expect(readStoredSession()).toEqual({ token: 'jwt-2', agentId: 'agent-2', agencyId: null });
  });

  it('is the `token` cookie’s session while the sign-in’s stored copy has not reached this page', () => {
    const token = fakeJwt({ sub: 'agent-9', exp: Math.floor(Date.now() / 1000) + 600 });
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie a sign-in in another page wrote
    document.cookie = `token=${token}; Path=/`;
    try {
      expect(readStoredSession()).toEqual({ token, agentId: 'agent-9', agencyId: null });
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: test clean-up
      document.cookie = 'token=; Max-Age=0; Path=/';
    }
  });

  it('is nothing when signed out or when the stored value is not the app’s', () => {
    expect(readStoredSession()).toBeUndefined();
    window.localStorage.setItem('persist:auth', '{not json');
    expect(readStoredSession()).toBeUndefined();
    window.localStorage.setItem('persist:auth', JSON.stringify({ token: 'null', agentId: 'null' }));
    expect(readStoredSession()).toBeUndefined();
  });
});
