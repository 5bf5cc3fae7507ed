import type { AppConfig } from '#contracts/app-config';
import { DAY_MS, SESSION_DAYS } from '#contracts/session-lifetimes';
import { getAppConfig } from '../../app/config.ts';
import { sessionOfToken } from '../../app/storedSession.ts';
import { forgetPendingInvite } from '../team/pendingInvite.ts';
import type { Credentials } from './authSlice.ts';
import type { AuthTokens, initiateRefreshAuth } from './cognito.ts';
import { decodeJwtClaims } from './jwtClaims.ts';
import { clearPendingAuthorization } from './pendingAuthorization.ts';
import { readTokenCookie } from './tokenCookie.ts';

export { decodeJwtClaims };

/**
 * The refresh token lives in localStorage under its own key, outside the persisted store (spec §3: only
 * token, agentId and agencyId persist). The access token is in the store and the `token` cookie.
 */
export const REFRESH_TOKEN_KEY = 'estatenet.refreshToken';
/** The terms of the sign-in the refresh token belongs to (SessionTerms), beside it. */
export const SESSION_TERMS_KEY = 'estatenet.session';
/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 2 * 60 * 1000;

/**
 * What a sign-in was: which app client issued its refresh token (refreshes and the revocation must go to
 * that one: Cognito refuses another's token), whether "Keep me signed in" was ticked, and when the refresh
 * token expires (its client's SESSION_DAYS after the sign-in began; a refresh does not extend it).
 */
export interface SessionTerms {
  clientId: string;
  keepSignedIn: boolean;
  /** ms since the epoch */
  endsAt: number;
}

/** The terms of a sign-in starting now: "Keep me signed in" picks the client with the longer refresh tokens. */
export function sessionTermsFor(
  keepSignedIn: boolean,
  config: Pick<AppConfig, 'userPoolClientId' | 'keepSignedInClientId'> = getAppConfig(),
  startedAt = Date.now(),
): SessionTerms {
  return {
    clientId: keepSignedIn ? config.keepSignedInClientId : config.userPoolClientId,
    keepSignedIn,
    endsAt: startedAt + SESSION_DAYS[keepSignedIn ? 'kept' : 'session'] * DAY_MS,
  };
}

export function readRefreshToken(): string | null {
  try {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The stored sign-in's terms; none for a sign-in from before they were kept (the web client's, then). */
export function readSessionTerms(): SessionTerms | undefined {
  try {
    const stored = JSON.parse(
      localStorage.getItem(SESSION_TERMS_KEY) ?? 'null',
    ) as Partial<SessionTerms> | null;
    if (
      typeof stored?.clientId !== 'string' ||
      typeof stored.keepSignedIn !== 'boolean' ||
      typeof stored.endsAt !== 'number'
    )
      return undefined;
    return { clientId: stored.clientId, keepSignedIn: stored.keepSignedIn, endsAt: stored.endsAt };
  } catch {
    return undefined;
  }
}

/** The app client the stored refresh token belongs to. */
export function sessionClientId(config: Pick<AppConfig, 'userPoolClientId'> = getAppConfig()): string {
  return readSessionTerms()?.clientId ?? config.userPoolClientId;
}

/**
 * The `token` cookie's Max-Age in seconds: a kept session's cookie lasts until its refresh token expires,
 * across browser restarts; any other is a session cookie (undefined), gone when the browser closes. The
 * cookie is what says a stored session is still on (reconcileStoredSession forgets one found without it).
 */
export function sessionCookieMaxAge(now = Date.now()): number | undefined {
  const terms = readSessionTerms();
  return terms?.keepSignedIn ? Math.max(0, Math.floor((terms.endsAt - now) / 1000)) : undefined;
}

function storeSession(token: string | undefined, terms: SessionTerms): void {
  if (!token) return;
  try {
    localStorage.setItem(REFRESH_TOKEN_KEY, token);
    localStorage.setItem(SESSION_TERMS_KEY, JSON.stringify(terms));
  } catch {
    // storage unavailable: the session simply ends when the access token does
  }
}

/** Forgets the refresh token and its terms. */
function clearRefreshToken(): void {
  try {
    localStorage.removeItem(REFRESH_TOKEN_KEY);
    localStorage.removeItem(SESSION_TERMS_KEY);
  } catch {
    // nothing stored
  }
}

/** What revoking a forgotten session needs: its refresh token and the client that issued it. */
export interface ForgottenSession {
  refreshToken: string | null;
  /** none stored: a sign-in from before there were two clients, the web client's */
  clientId: string | undefined;
}

/**
 * Forgets what the browser keeps of a session outside the store: the refresh token and its terms, and a
 * Google sign-in or an invitation left pending (the next person to sign in here must not finish them).
 * Only UI preferences stay (the Live Chat toggle and its panel's state).
 */
export function forgetStoredSession(): ForgottenSession {
  const forgotten = { refreshToken: readRefreshToken(), clientId: readSessionTerms()?.clientId };
  clearRefreshToken();
  try {
    clearPendingAuthorization();
  } catch {
    // no session storage: nothing pending
  }
  forgetPendingInvite();
  return forgotten;
}

/**
 * Cognito revokes the refresh token, at the client that issued it, so a copy of it left anywhere (another
 * tab, a backup of the browser's storage) gets no new tokens. Never fails: refused (a session that had
 * ended) or out of reach, this browser holds no copy any more either way.
 */
export async function revokeRefreshToken({ refreshToken, clientId }: ForgottenSession): Promise<void> {
  if (!refreshToken) return;
  try {
    // the Cognito client is not part of the first page load (see refreshWithCognito)
    const { revokeToken } = await import('./cognito.ts');
    const config = getAppConfig();
    await revokeToken({ ...config, userPoolClientId: clientId ?? config.userPoolClientId }, refreshToken);
  } catch {
    // already refused, or Cognito out of reach
  }
}

/**
 * redux-persist's migrate step for the stored session, before it is restored. The `token` cookie says
 * whether a session is on, and the stored session follows it:
 * - a stored session whose cookie is gone has ended — the browser was closed on a session without "Keep me
 *   signed in" (a session cookie), or a kept one's time is up (its cookie lasts as long as its refresh
 *   token). It is not restored: what is left of it is forgotten and its refresh token revoked, and the app
 *   starts signed out. (The route guard sends a page request without the cookie to the login page.)
 * - a cookie without a stored session is a sign-in this browser made a moment ago whose stored copy has not
 *   reached this page yet (the browser writes localStorage across pages asynchronously; a page opened right
 *   after signing in found the cookie and no stored session under load). The session is taken from the
 *   cookie: its token, and the agent its subject names (the agency comes with the agent).
 */
export async function reconcileStoredSession<
  State extends { token?: unknown; agentId?: unknown; agencyId?: unknown } | undefined,
>(state: State): Promise<State | undefined> {
  const cookieToken = readTokenCookie();
  if (state?.token) {
    if (cookieToken) return state;
    void revokeRefreshToken(forgetStoredSession());
    return undefined;
  }
  const session = cookieToken ? sessionOfToken(cookieToken) : undefined;
  return session ? ({ ...state, ...session } as State) : state;
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

/**
 * Credentials for the store from fresh tokens: agentId is the token's `sub`. Keeps the refresh token with
 * the terms of its sign-in (by default the session client's, without "Keep me signed in").
 */
export function credentialsFromTokens(
  tokens: AuthTokens,
  terms: SessionTerms = sessionTermsFor(false),
): Credentials {
  const { sub } = decodeJwtClaims(tokens.accessToken);
  if (!sub) throw new Error('The sign-in returned a token without a subject');
  storeSession(tokens.refreshToken, terms);
  return { token: tokens.accessToken, agentId: sub };
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
  // at the client that issued the refresh token: Cognito refuses it at the other one
  inFlight = refresh({ ...getAppConfig(), userPoolClientId: sessionClientId() }, refreshToken)
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
