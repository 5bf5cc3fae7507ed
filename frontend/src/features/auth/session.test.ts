// @vitest-environment happy-dom
import { persistStore } from 'redux-persist';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '#contracts/session-lifetimes';
import { api } from '../../app/api.ts';
import { registerPersistor, whenBootstrapped } from '../../app/persistConfig.ts';
import {
  selectAgentState,
  selectNotificationState,
  selectVisitedAgencyState,
  selectVisitedAgentState,
} from '../../app/specState.ts';
import { makeStore } from '../../app/store.ts';
import { cognitoResponse, fakeJwt, testConfig, useTestConfig } from '../../test/fakes.ts';
import { authState } from '../../test/renderWithProviders.tsx';
import { agenciesApi } from '../agencies/api.ts';
import { selectAgencyData } from '../agencies/selectors.ts';
import { agentsApi } from '../agents/api.ts';
import { selectAgentData } from '../agents/selectors.ts';
import type { Agency, Agent } from '../agents/types.ts';
import { initialAuthState, setCredentials, tokenRefreshed } from './authSlice.ts';
import { logout } from './logout.ts';
import {
  credentialsFromTokens,
  decodeJwtClaims,
  REFRESH_LEAD_MS,
  REFRESH_TOKEN_KEY,
  readSessionTerms,
  refreshAccessToken,
  refreshDelayMs,
  SESSION_TERMS_KEY,
  secondsUntilExpiry,
  sessionCookieMaxAge,
  sessionTermsFor,
} from './session.ts';
import { readTokenCookie } from './tokenCookie.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const agent = { agent_id: 'agent-1', full_name: 'Maria', role: 'Superagent' } as Agent;

const testApi = api.injectEndpoints({
  endpoints: (build) => ({ whoAmI: build.query<unknown, void>({ query: () => 'api/who-am-i' }) }),
});

beforeEach(() => {
  useTestConfig();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up
  document.cookie = 'token=; Max-Age=0; Path=/';
});

describe('tokens', () => {
  it('reads sub and exp from an access token', () => {
    expect(decodeJwtClaims(fakeJwt({ sub: 'agent-1', exp: 123 }))).toMatchObject({
      sub: 'agent-1',
      exp: 123,
    });
    expect(decodeJwtClaims('not-a-jwt')).toEqual({});
  });

  it('schedules the refresh two minutes before expiry, never in the past', () => {
    const now = Date.now();
    const token = fakeJwt({ sub: 'a', exp: Math.floor(now / 1000) + 3600 });
    expect(refreshDelayMs(token, now)).toBeGreaterThan(3600_000 - REFRESH_LEAD_MS - 1000);
    expect(refreshDelayMs(token, now)).toBeLessThanOrEqual(3600_000 - REFRESH_LEAD_MS);
    expect(refreshDelayMs(fakeJwt({ sub: 'a', exp: 1 }), now)).toBe(0);
  });

  it('makes credentials from tokens: agentId is the sub, the refresh token goes to localStorage', () => {
    const token = fakeJwt({ sub: 'agent-9', exp: nowSeconds() + 600 });
    const credentials = credentialsFromTokens({ accessToken: token, refreshToken: 'refresh-9' });
    expect(credentials).toMatchObject({ token, agentId: 'agent-9' });
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-9');
    // only token, agentId and agencyId persist: the refresh token is not in the store's credentials
    expect(Object.keys(credentials).sort()).toEqual(['agentId', 'token']);
    // without "Keep me signed in": the session client's, a week from now
    expect(readSessionTerms()).toMatchObject({ clientId: 'web-client', keepSignedIn: false });
    expect(readSessionTerms()!.endsAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(readSessionTerms()!.endsAt).toBeGreaterThan(Date.now() + 7 * DAY_MS - 1000);
  });

  it('"Keep me signed in" picks the kept client, a month, and a cookie that lasts as long', () => {
    const startedAt = Date.now();
    const terms = sessionTermsFor(true, testConfig, startedAt);
    expect(terms).toEqual({
      clientId: 'web-client-kept',
      keepSignedIn: true,
      endsAt: startedAt + 30 * DAY_MS,
    });
    expect(sessionTermsFor(false, testConfig, startedAt)).toEqual({
      clientId: 'web-client',
      keepSignedIn: false,
      endsAt: startedAt + 7 * DAY_MS,
    });

    credentialsFromTokens({ accessToken: fakeJwt({ sub: 'a' }), refreshToken: 'r' }, terms);
    expect(sessionCookieMaxAge(startedAt)).toBe(30 * 24 * 3600);
    expect(sessionCookieMaxAge(startedAt + 29 * DAY_MS)).toBe(24 * 3600);
    expect(sessionCookieMaxAge(startedAt + 31 * DAY_MS)).toBe(0);
    // a session that is not kept has a session cookie: gone when the browser closes
    credentialsFromTokens(
      { accessToken: fakeJwt({ sub: 'a' }), refreshToken: 'r' },
      sessionTermsFor(false, testConfig, startedAt),
    );
    expect(sessionCookieMaxAge(startedAt)).toBeUndefined();
  });
});

describe('session refresh', () => {
  it('refreshes the access token about two minutes before it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fresh = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 3600 });
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      cognitoResponse(200, { AuthenticationResult: { AccessToken: fresh } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const store = makeStore();
    const expiring = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 300 });
    store.dispatch(setCredentials({ token: expiring, agentId: 'agent-1' }));

    await vi.advanceTimersByTimeAsync(170_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(15_000);

    await vi.waitFor(() => expect(store.getState().auth.token).toBe(fresh));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body)).AuthFlow).toBe('REFRESH_TOKEN_AUTH');
    expect(readTokenCookie()).toBe(fresh);
    expect(store.getState().auth.agentId).toBe('agent-1');
  });

  it('repeats a call that got 401 once with a refreshed token', async () => {
    const fresh = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 3600 });
    const authorizations: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        if (typeof input === 'string')
          return cognitoResponse(200, { AuthenticationResult: { AccessToken: fresh } });
        authorizations.push(input.headers.get('Authorization'));
        return new Response(
          JSON.stringify(authorizations.length === 1 ? { error: 'Unauthorized' } : { ok: 1 }),
          {
            status: authorizations.length === 1 ? 401 : 200,
            headers: { 'Content-Type': 'application/json' },
          },
        );
      }),
    );
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const store = makeStore({
      auth: authState({ token: 'stale', agentId: 'agent-1', isAuthenticated: true }),
    });

    const result = await store.dispatch(testApi.endpoints.whoAmI.initiate());

    expect(result.data).toEqual({ ok: 1 });
    expect(authorizations).toEqual(['Bearer stale', `Bearer ${fresh}`]);
    expect(store.getState().auth.token).toBe(fresh);
  });

  it('logs out when a 401 cannot be refreshed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Unauthorized"}', { status: 401 })),
    );
    const store = makeStore({
      auth: authState({ token: 'stale', agentId: 'agent-1', isAuthenticated: true }),
    });
    store.dispatch(
      agentsApi.util.upsertQueryEntries([{ endpointName: 'getAgent', arg: 'agent-1', value: agent }]),
    );

    await store.dispatch(testApi.endpoints.whoAmI.initiate());

    await vi.waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(selectAgentState(store.getState())).toMatchObject({ agentData: null, reputationPoints: 0 });
  });
});

describe('a refresh without an answer', () => {
  it('fails a 401 call for want of a connection and keeps the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        // Cognito out of reach (offline, or the page is being left)
        if (typeof input === 'string') throw new TypeError('Failed to fetch');
        return new Response('{"error":"Unauthorized"}', { status: 401 });
      }),
    );
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const store = makeStore({
      auth: authState({ token: 'stale', agentId: 'agent-1', isAuthenticated: true }),
    });

    const result = await store.dispatch(testApi.endpoints.whoAmI.initiate());

    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(store.getState().auth).toMatchObject({ token: 'stale', agentId: 'agent-1' });
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });
});

describe('a refresh Cognito refuses', () => {
  it('ends the session at once, before the access token expires (signed out everywhere)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        cognitoResponse(400, {
          __type: 'NotAuthorizedException',
          message: 'Refresh Token has been revoked',
        }),
      ),
    );
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const store = makeStore();
    const token = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 300 });
    store.dispatch(setCredentials({ token, agentId: 'agent-1' }));

    await vi.advanceTimersByTimeAsync(185_000);

    await vi.waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(secondsUntilExpiry(token)).toBeGreaterThan(0);
    expect(readTokenCookie()).toBeUndefined();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });
});

describe('the stored session', () => {
  afterEach(() => registerPersistor(null));

  async function persistedStore() {
    const store = makeStore();
    const persistor = persistStore(store);
    await whenBootstrapped(persistor);
    registerPersistor(persistor);
    return store;
  }

  const storedToken = () => {
    const stored = localStorage.getItem('persist:auth');
    return stored ? (JSON.parse(JSON.parse(stored).token) as string | null) : undefined;
  };

  it('is written in the same moment as the cookie on sign-in and on a token refresh', async () => {
    const store = await persistedStore();
    const token = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 3600 });
    store.dispatch(setCredentials({ token, agentId: 'agent-1' }));
    // no timer has run: a page opened now finds the cookie and the stored session of the same sign-in
    expect(readTokenCookie()).toBe(token);
    expect(storedToken()).toBe(token);

    const refreshed = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 7200 });
    store.dispatch(tokenRefreshed({ token: refreshed }));
    expect(readTokenCookie()).toBe(refreshed);
    expect(storedToken()).toBe(refreshed);
  });

  it('is gone after logout, with no signed-out state written back after the purge', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cognitoResponse(200, {})),
    );
    const store = await persistedStore();
    const token = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 3600 });
    store.dispatch(setCredentials({ token, agentId: 'agent-1' }));

    await store.dispatch(logout());
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(localStorage.getItem('persist:auth')).toBeNull();
  });
});

describe('logout', () => {
  it('clears the cookie, the refresh token, the persisted store and every account slice', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => cognitoResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    const token = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 3600 });
    store.dispatch(setCredentials({ token, agentId: 'agent-1', agencyId: 'agency-1' }));
    store.dispatch(
      agentsApi.util.upsertQueryEntries([{ endpointName: 'getAgent', arg: 'agent-1', value: agent }]),
    );
    store.dispatch(
      agenciesApi.util.upsertQueryEntries([
        {
          endpointName: 'getAgency',
          arg: 'agency-1',
          value: { id: 'agency-1', name: 'Rossi', agentCount: 1 } as Agency,
        },
      ]),
    );
    expect(selectAgentData(store.getState())).toEqual(agent);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    localStorage.setItem('persist:auth', '{"token":"\\"x\\""}');
    expect(readTokenCookie()).toBe(token);

    await store.dispatch(logout());

    const state = store.getState();
    expect(state.auth).toMatchObject(initialAuthState);
    expect(selectAgentData(state)).toBeNull();
    expect(selectAgencyData(state)).toBeNull();
    // the cache itself is emptied, not only unreachable from the signed-out ids
    expect(selectVisitedAgentState(state, 'agent-1').visitedAgentData).toBeNull();
    expect(selectVisitedAgencyState(state, 'agency-1').visitedAgencyData).toBeNull();
    expect(selectNotificationState(state).items).toEqual([]);
    expect(readTokenCookie()).toBeUndefined();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem('persist:auth')).toBeNull();
    expect(secondsUntilExpiry(token)).toBeGreaterThan(0);
    // and Cognito revokes the refresh token, so a copy of it left anywhere gets no new tokens
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init.headers as Record<string, string>)['X-Amz-Target']).toBe(
      'AWSCognitoIdentityProviderService.RevokeToken',
    );
    expect(JSON.parse(String(init.body))).toEqual({ ClientId: 'web-client', Token: 'refresh-1' });
  });

  it('still ends the session here when Cognito cannot be reached to revoke the token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const store = makeStore();
    store.dispatch(setCredentials({ token: fakeJwt({ sub: 'agent-1' }), agentId: 'agent-1' }));
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');

    await store.dispatch(logout());

    expect(store.getState().auth.token).toBeNull();
    expect(readTokenCookie()).toBeUndefined();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });
});

describe('a session of "Keep me signed in"', () => {
  const keptTerms = () => sessionTermsFor(true, testConfig);

  it('refreshes at the client that issued its refresh token', async () => {
    const fresh = fakeJwt({ sub: 'agent-1', exp: nowSeconds() + 900 });
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      cognitoResponse(200, { AuthenticationResult: { AccessToken: fresh } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    credentialsFromTokens(
      { accessToken: fakeJwt({ sub: 'agent-1' }), refreshToken: 'refresh-kept' },
      keptTerms(),
    );

    expect(await refreshAccessToken()).toEqual({ status: 'refreshed', token: fresh });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      ClientId: 'web-client-kept',
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: 'refresh-kept' },
    });
  });

  it('is revoked at that client on logout, and its terms are forgotten', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => cognitoResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    store.dispatch(
      setCredentials(
        credentialsFromTokens(
          { accessToken: fakeJwt({ sub: 'agent-1' }), refreshToken: 'refresh-kept' },
          keptTerms(),
        ),
      ),
    );

    await store.dispatch(logout());

    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      ClientId: 'web-client-kept',
      Token: 'refresh-kept',
    });
    expect(localStorage.getItem(SESSION_TERMS_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });
});
