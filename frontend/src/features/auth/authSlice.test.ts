// @vitest-environment happy-dom
import { type Persistor, persistStore, REHYDRATE } from 'redux-persist';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { authSlice, clearAuth, initialAuthState, setCredentials } from './authSlice.ts';
import { clearTokenCookie, readTokenCookie } from './tokenCookie.ts';

const reduce = authSlice.reducer;
const credentials = { token: 'jwt-123', agentId: 'agent-1', agencyId: 'agency-1' };

function bootstrapped(persistor: Persistor) {
  return new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
}

afterEach(() => {
  clearTokenCookie();
  localStorage.clear();
});

describe('auth reducers', () => {
  it('starts signed out', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      token: null,
      agentId: null,
      agencyId: null,
      isAuthenticated: false,
    });
  });

  it('stores credentials and marks the session authenticated', () => {
    const state = reduce(initialAuthState, setCredentials(credentials));
    expect(state).toMatchObject({ ...credentials, isAuthenticated: true });
  });

  it('stores a null agency for an agent without one', () => {
    const state = reduce(initialAuthState, setCredentials({ token: 't', agentId: 'a' }));
    expect(state.agencyId).toBeNull();
  });

  it('clearAuth resets everything', () => {
    const state = reduce(initialAuthState, setCredentials(credentials));
    expect(reduce(state, clearAuth())).toEqual(initialAuthState);
  });

  it('treats a rehydrated token as an authenticated session', () => {
    const state = reduce(initialAuthState, { type: REHYDRATE, key: 'auth', payload: { token: 'jwt' } });
    expect(state.isAuthenticated).toBe(true);
  });

  it('ignores rehydration of other keys or without a token', () => {
    expect(
      reduce(initialAuthState, { type: REHYDRATE, key: 'other', payload: { token: 'x' } }).isAuthenticated,
    ).toBe(false);
    expect(reduce(initialAuthState, { type: REHYDRATE, key: 'auth', payload: {} }).isAuthenticated).toBe(
      false,
    );
  });
});

describe('token cookie mirror', () => {
  it('writes the token cookie on setCredentials and removes it on clearAuth', () => {
    const store = makeStore();
    store.dispatch(setCredentials(credentials));
    expect(readTokenCookie()).toBe('jwt-123');

    store.dispatch(clearAuth());
    expect(readTokenCookie()).toBeUndefined();
  });
});

describe('persistence', () => {
  it('persists only token, agentId and agencyId', async () => {
    const store = makeStore();
    const persistor = persistStore(store);
    await bootstrapped(persistor);
    store.dispatch(setCredentials(credentials));
    await persistor.flush();

    const stored = JSON.parse(localStorage.getItem('persist:auth') ?? '{}');
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'agencyId', 'agentId', 'token']);
    expect(JSON.parse(stored.token)).toBe('jwt-123');
    persistor.pause();
  });

  it('restores the persisted session into a new store as authenticated', async () => {
    // the session's cookie is still there (without it the session has ended: session.test.ts)
    // biome-ignore lint/suspicious/noDocumentCookie: the route guard's cookie, as the browser keeps it
    document.cookie = 'token=jwt-9; Path=/';
    localStorage.setItem(
      'persist:auth',
      JSON.stringify({
        token: '"jwt-9"',
        agentId: '"a-9"',
        agencyId: 'null',
        _persist: '{"version":-1,"rehydrated":true}',
      }),
    );
    const store = makeStore();
    const persistor = persistStore(store);
    await bootstrapped(persistor);

    expect(store.getState().auth).toMatchObject({ token: 'jwt-9', agentId: 'a-9', isAuthenticated: true });
    persistor.pause();
  });
});
