// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { cognitoResponse, fakeJwt, useTestConfig } from '../../test/fakes.ts';
import { setCredentials } from '../auth/authSlice.ts';
import { AUTH_MESSAGES } from '../auth/cognito.ts';
import { REFRESH_TOKEN_KEY } from '../auth/session.ts';
import { readTokenCookie } from '../auth/tokenCookie.ts';
import {
  SIGN_OUT_EVERYWHERE_MESSAGES,
  signOutEverywhere,
  signOutEverywhereError,
} from './signOutEverywhere.ts';

const access = fakeJwt({ sub: 'agent-1', exp: Math.floor(Date.now() / 1000) + 3600 });

/** Cognito's JSON API: each call's operation and body, answered by `answer`. */
function stubCognito(answer: (operation: string) => Response) {
  const calls: Array<{ operation: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const operation = (init.headers as Record<string, string>)['X-Amz-Target']!.split('.')[1]!;
      calls.push({ operation, body: JSON.parse(String(init.body)) });
      return answer(operation);
    }),
  );
  return calls;
}

function signedInStore() {
  const store = makeStore();
  store.dispatch(setCredentials({ token: access, agentId: 'agent-1' }));
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
  return store;
}

beforeEach(() => {
  useTestConfig();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up
  document.cookie = 'token=; Max-Age=0; Path=/';
});

describe('Sign out everywhere', () => {
  it('calls GlobalSignOut with the access token, then logs this browser out', async () => {
    const calls = stubCognito(() => cognitoResponse(200, {}));
    const store = signedInStore();

    await store.dispatch(signOutEverywhere());

    // GlobalSignOut revoked every refresh token, this one included: no RevokeToken after it
    expect(calls).toEqual([{ operation: 'GlobalSignOut', body: { AccessToken: access } }]);
    expect(store.getState().auth.token).toBeNull();
    expect(readTokenCookie()).toBeUndefined();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('stays signed in and says so when Cognito cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const store = signedInStore();

    const failure = await store.dispatch(signOutEverywhere()).catch((error: unknown) => error);

    expect(signOutEverywhereError(failure)).toBe(AUTH_MESSAGES.network);
    expect(store.getState().auth.token).toBe(access);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  it('says the sign-out did not happen when Cognito answers with an error', async () => {
    stubCognito(() => cognitoResponse(400, { __type: 'TooManyRequestsException', message: 'Slow down' }));
    const store = signedInStore();

    const failure = await store.dispatch(signOutEverywhere()).catch((error: unknown) => error);

    expect(signOutEverywhereError(failure)).toBe(SIGN_OUT_EVERYWHERE_MESSAGES.failed);
    expect(store.getState().auth.token).toBe(access);
  });

  it('logs out when the session had been ended elsewhere already', async () => {
    const calls = stubCognito((operation) =>
      cognitoResponse(400, {
        __type: 'NotAuthorizedException',
        message:
          operation === 'GlobalSignOut' ? 'Access Token has been revoked' : 'Refresh Token has been revoked',
      }),
    );
    const store = signedInStore();

    await store.dispatch(signOutEverywhere());

    expect(calls.map((call) => call.operation)).toEqual(['GlobalSignOut', 'InitiateAuth']);
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });
});
