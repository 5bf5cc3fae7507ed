// @vitest-environment happy-dom
import { persistStore } from 'redux-persist';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPersistor, whenBootstrapped } from '../../app/persistConfig.ts';
import { makeStore } from '../../app/store.ts';
import { readStoredSession } from '../../app/storedSession.ts';
import { cognitoResponse, fakeJwt, testConfig, useTestConfig } from '../../test/fakes.ts';
import { initialAuthState } from './authSlice.ts';
import { REFRESH_TOKEN_KEY, SESSION_TERMS_KEY, sessionTermsFor } from './session.ts';

/**
 * A session the browser kept while it was away, restored or not by the `token` cookie (a file of its own:
 * redux-persist's reducer keeps its purge state per module, so each case starts the app afresh).
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  useTestConfig();
});

afterEach(() => {
  registerPersistor(null);
  vi.unstubAllGlobals();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up
  document.cookie = 'token=; Max-Age=0; Path=/';
});

describe('a stored session without its cookie', () => {
  /** What a browser holds of a session when the app starts: the persisted store, the refresh token. */
  function storeSession(token: string) {
    localStorage.setItem(
      'persist:auth',
      JSON.stringify({
        token: JSON.stringify(token),
        agentId: '"agent-1"',
        agencyId: 'null',
        _persist: '{"version":-1,"rehydrated":true}',
      }),
    );
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    localStorage.setItem(SESSION_TERMS_KEY, JSON.stringify(sessionTermsFor(false, testConfig)));
  }

  async function startApp() {
    const store = makeStore();
    const persistor = persistStore(store);
    registerPersistor(persistor);
    await whenBootstrapped(persistor);
    return store;
  }

  it('has ended (the browser was closed, or a kept session ran out): it is forgotten and revoked', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => cognitoResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    storeSession(fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 600 }));

    const store = await startApp();

    // never restored: the app starts signed out, and asks the API for nothing with the old token
    expect(store.getState().auth).toMatchObject(initialAuthState);
    await vi.waitFor(() => expect(localStorage.getItem('persist:auth')).toBeNull());
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_TERMS_KEY)).toBeNull();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe(testConfig.cognitoEndpoint);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      ClientId: 'web-client',
      Token: 'refresh-1',
    });
  });

  it('goes on while the cookie is there', async () => {
    const fetchMock = vi.fn(async (_input: unknown) => cognitoResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const token = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 600 });
    storeSession(token);
    // biome-ignore lint/suspicious/noDocumentCookie: the route guard's cookie, as the browser keeps it
    document.cookie = `token=${token}; Path=/`;

    const store = await startApp();

    expect(store.getState().auth).toMatchObject({ token, agentId: 'agent-1', isAuthenticated: true });
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    // the agent's reads go out with it (features/agents/profileSync.ts); Cognito is not asked to revoke
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(testConfig.cognitoEndpoint);
  });
});

describe('a cookie without its stored session', () => {
  it('is a sign-in another page made a moment ago: the session is restored from the cookie', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    const token = fakeJwt({ sub: 'agent-7', exp: nowSeconds() + 600 });
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the signing-in page wrote; its localStorage write has not arrived
    document.cookie = `token=${token}; Path=/`;

    const store = makeStore();
    const persistor = persistStore(store);
    registerPersistor(persistor);
    await whenBootstrapped(persistor);

    expect(store.getState().auth).toMatchObject({
      token,
      agentId: 'agent-7',
      agencyId: null,
      isAuthenticated: true,
    });
    // and stored again, for the pages opened after this one
    await vi.waitFor(() =>
      expect(readStoredSession()).toEqual({ token, agentId: 'agent-7', agencyId: null }),
    );
  });

  it('restores nothing from a cookie without a subject, nor without a cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie that is not a token
    document.cookie = 'token=not-a-jwt; Path=/';
    const store = makeStore();
    const persistor = persistStore(store);
    registerPersistor(persistor);
    await whenBootstrapped(persistor);
    expect(store.getState().auth).toMatchObject(initialAuthState);
  });
});
