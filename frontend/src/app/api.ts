import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { type AuthRoot, selectToken, sessionExpired, tokenRefreshed } from '../features/auth/authSlice.ts';
import { refreshAccessToken } from '../features/auth/session.ts';
import { isPaywallBody, openPaywall, paywallDetailsFrom } from '../features/paywall/paywallSlice.ts';
import { takeEarlyResponse } from './earlyRequests.ts';

/** Per-endpoint options for the base query (`extraOptions` of an endpoint). */
export interface ApiExtraOptions {
  /** Send no Authorization header (spec §7: POST /api/website-domains/setup). */
  anonymous?: boolean;
}

const fetchWithToken = fetchBaseQuery({
  // Same origin: /api, /cloud, /websites and /website-domains are routed to the API by CloudFront.
  baseUrl: '/',
  // the opening screen's reads may have been started by boot.ts before this code arrived
  fetchFn: (input) => (input instanceof Request && takeEarlyResponse(input)) || fetch(input),
  prepareHeaders: (headers, { getState, extraOptions }) => {
    const token = selectToken(getState() as AuthRoot);
    if (token && !(extraOptions as ApiExtraOptions | undefined)?.anonymous) {
      headers.set('Authorization', `Bearer ${token}`);
    }
    return headers;
  },
});

/** How often a call is sent again: a 503 with Retry-After (busy, nothing saved), or a read the server failed. */
export const BUSY_RETRIES = 2;
/** A Retry-After longer than this is shown to the user instead of waited for. */
const MAX_RETRY_AFTER_SECONDS = 5;
/** The waits before a failed read is sent again, when the answer names none. */
const READ_RETRY_DELAYS_MS = [400, 1200] as const;
/**
 * A server failure rather than an answer about the request: the function failed or timed out (500), or
 * the gateway got no answer from it (502, 504). A read (GET changes nothing) is worth sending again.
 */
const SERVER_FAILURES: ReadonlySet<unknown> = new Set([500, 502, 504]);

const isRead = (args: string | FetchArgs) => typeof args === 'string' || (args.method ?? 'GET') === 'GET';

/**
 * The milliseconds to wait before sending a call again, or undefined when its answer stands: a 503 that
 * asks for a short wait (Retry-After; the API refused for contention and saved nothing), or a read the
 * server failed (a cold function that timed out under load must not end the session or empty a screen).
 */
function retryDelayMs(
  result: { error?: FetchBaseQueryError; meta?: { response?: Response } },
  read: boolean,
  retry: number,
) {
  const status = result.error?.status;
  if (status === 503) {
    const seconds = Number(result.meta?.response?.headers.get('retry-after'));
    return seconds > 0 && seconds <= MAX_RETRY_AFTER_SECONDS ? seconds * 1000 : undefined;
  }
  return read && SERVER_FAILURES.has(status) ? READ_RETRY_DELAYS_MS[retry - 1] : undefined;
}

/**
 * Adds the bearer token; any 402 carrying `paywall: true` opens the paywall modal (spec §7, §8). A 401 on
 * an authenticated call tries one token refresh and repeats the call; if Cognito refuses it the session ends. A
 * 503 with Retry-After is sent again after the wait, and a read answered 500, 502 or 504 after a short
 * one, up to BUSY_RETRIES times, before the last answer is shown.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  let result = await fetchWithToken(args, api, extraOptions);
  for (let retry = 1; retry <= BUSY_RETRIES; retry += 1) {
    const waitMs = retryDelayMs(result, isRead(args), retry);
    if (waitMs === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    result = await fetchWithToken(args, api, extraOptions);
  }
  const signedIn = Boolean(selectToken(api.getState() as AuthRoot));
  if (result.error?.status === 401 && signedIn && !extraOptions?.anonymous) {
    const refreshed = await refreshAccessToken();
    if (refreshed.status === 'refreshed') {
      api.dispatch(tokenRefreshed({ token: refreshed.token }));
      result = await fetchWithToken(args, api, extraOptions);
    } else if (refreshed.status === 'unavailable') {
      // Cognito did not answer (offline, or the page is being left): the call failed for want of a
      // connection, not of a session, which stays for the next call (or the next page) to refresh
      return { error: { status: 'FETCH_ERROR', error: 'The session could not be refreshed' } };
    }
    if (result.error?.status === 401) api.dispatch(sessionExpired());
  }
  if (result.error?.status === 402 && isPaywallBody(result.error.data)) {
    api.dispatch(openPaywall(paywallDetailsFrom(result.error.data)));
  }
  return result;
};

/** The one RTK Query slice; features add endpoints with `api.injectEndpoints` and export their hooks. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Agent',
    'Agency',
    'Connection',
    'Notification',
    'Reputation',
    'Client',
    'Property',
    'SavedProperty',
    'CloudFile',
    'Storage',
    'Website',
    'Preference',
    'FeatureLimit',
    'AgendaEvent',
    'AgendaFeed',
    'Team',
    'Invite',
  ],
  endpoints: () => ({}),
});
