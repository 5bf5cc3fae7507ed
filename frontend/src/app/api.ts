import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { sessionExpired, tokenRefreshed } from '../features/auth/authSlice.ts';
import { refreshAccessToken } from '../features/auth/session.ts';
import { isPaywallBody, openPaywall, paywallDetailsFrom } from '../features/paywall/paywallSlice.ts';
import { takeEarlyResponse } from './earlyRequests.ts';
import type { RootState } from './store.ts';

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
    const token = (getState() as RootState).auth.token;
    if (token && !(extraOptions as ApiExtraOptions | undefined)?.anonymous) {
      headers.set('Authorization', `Bearer ${token}`);
    }
    return headers;
  },
});

/** How often a call the API answered 503 with Retry-After (busy, nothing saved) is sent again. */
export const BUSY_RETRIES = 2;
/** A Retry-After longer than this is shown to the user instead of waited for. */
const MAX_RETRY_AFTER_SECONDS = 5;

/** The seconds a 503 asks the client to wait before sending the call again, when it asks. */
function retryAfterSeconds(result: { error?: FetchBaseQueryError; meta?: { response?: Response } }) {
  if (result.error?.status !== 503) return undefined;
  const seconds = Number(result.meta?.response?.headers.get('retry-after'));
  return seconds > 0 && seconds <= MAX_RETRY_AFTER_SECONDS ? seconds : undefined;
}

/**
 * Adds the bearer token; any 402 carrying `paywall: true` opens the paywall modal (spec §7, §8). A 401 on
 * an authenticated call tries one token refresh and repeats the call; if Cognito refuses it the session ends. A
 * 503 with Retry-After (the API refused for contention and saved nothing) is sent again after the wait,
 * up to BUSY_RETRIES times, before its message is shown.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  let result = await fetchWithToken(args, api, extraOptions);
  for (let retry = 1; retry <= BUSY_RETRIES; retry += 1) {
    const seconds = retryAfterSeconds(result);
    if (seconds === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    result = await fetchWithToken(args, api, extraOptions);
  }
  const signedIn = Boolean((api.getState() as RootState).auth.token);
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
