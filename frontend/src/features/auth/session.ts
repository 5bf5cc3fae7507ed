import { getAppConfig } from '../../app/config.ts';
import type { Credentials } from './authSlice.ts';
import type { AuthTokens, initiateRefreshAuth } from './cognito.ts';

/**
 * The refresh token lives in localStorage under its own key, outside the persisted store (spec §3: only
 * token, agentId and agencyId persist). The access token is in the store and the `token` cookie.
 */
export const REFRESH_TOKEN_KEY = 'estatenet.refreshToken';
/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 2 * 60 * 1000;

export function readRefreshToken(): string | null {
  try {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeRefreshToken(token: string | undefined): void {
  if (!token) return;
  try {
    localStorage.setItem(REFRESH_TOKEN_KEY, token);
  } catch {
    // storage unavailable: the session simply ends when the access token does
  }
}

export function clearRefreshToken(): void {
  try {
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}

/** The claims the app reads from an access token (the signature is the API's business). */
export function decodeJwtClaims(token: string): { sub?: string; exp?: number } {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as { sub?: string; exp?: number };
  } catch {
    return {};
  }
}

/** Seconds until the token expires (0 when it has no expiry or already expired). */
export function secondsUntilExpiry(token: string, now = Date.now()): number {
  const { exp } = decodeJwtClaims(token);
  return typeof exp === 'number' ? Math.max(0, Math.floor(exp - now / 1000)) : 0;
}

/** Milliseconds until the refresh should run: two minutes before expiry, never negative. */
export function refreshDelayMs(token: string, now = Date.now()): number {
  const { exp } = decodeJwtClaims(token);
  if (typeof exp !== 'number') return 0;
  return Math.max(0, exp * 1000 - now - REFRESH_LEAD_MS);
}

/** Credentials for the store from fresh tokens: agentId is the token's `sub`. Keeps the refresh token. */
export function credentialsFromTokens(tokens: AuthTokens): Credentials {
  const { sub } = decodeJwtClaims(tokens.accessToken);
  if (!sub) throw new Error('The sign-in returned a token without a subject');
  storeRefreshToken(tokens.refreshToken);
  return { token: tokens.accessToken, agentId: sub, expiresIn: secondsUntilExpiry(tokens.accessToken) };
}

/**
 * A refresh's outcome. `refused`: Cognito turned the refresh token down (revoked by a logout or "Sign out
 * everywhere", expired) or none is stored: the session is over. `unavailable`: no answer to go by (offline,
 * or the browser dropped the request because the page is being left): the session is not ended for it.
 */
export type RefreshOutcome = { status: 'refreshed'; token: string } | { status: 'refused' | 'unavailable' };

/** Cognito's answers to a refresh token it will not take (revoked, expired, unknown, its user gone). */
const REFUSALS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * A new access token from the stored refresh token. Concurrent callers (the timer and several 401s) share
 * one request.
 */
// The Cognito client is fetched when a refresh is first due (minutes after sign-in, or on a 401): it is
// not part of the signed-in first page load.
const refreshWithCognito: typeof initiateRefreshAuth = async (config, refreshToken) =>
  (await import('./cognito.ts')).initiateRefreshAuth(config, refreshToken);

export function refreshAccessToken(refresh = refreshWithCognito): Promise<RefreshOutcome> {
  if (inFlight) return inFlight;
  const refreshToken = readRefreshToken();
  if (!refreshToken) return Promise.resolve({ status: 'refused' });
  inFlight = refresh(getAppConfig(), refreshToken)
    .then((tokens): RefreshOutcome => ({ status: 'refreshed', token: tokens.accessToken }))
    .catch(
      (error: unknown): RefreshOutcome => ({
        // a CognitoError's code (cognito.ts is not imported here: it is not part of the first page load)
        status: REFUSALS.has(String((error as { code?: unknown } | null)?.code)) ? 'refused' : 'unavailable',
      }),
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
