import type { AppConfig } from '#contracts/app-config';
import { OAUTH_CALLBACK_PATH } from '#contracts/values';
import { type AuthTokens, CognitoError } from './cognito.ts';
import { clearPendingAuthorization, PKCE_KEY } from './pendingAuthorization.ts';
import { type SessionTerms, sessionTermsFor } from './session.ts';

/**
 * Sign in with Google through the OAuth 2.0 authorization-code flow with PKCE (S256), exactly as with
 * Cognito's hosted UI: `/oauth2/authorize?identity_provider=Google` and then `/oauth2/token`.
 */

interface PendingAuthorization {
  state: string;
  verifier: string;
  /** the sign-in's terms: its app client ("Keep me signed in" or not) and when its session ends */
  terms: SessionTerms;
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomUrlSafe(byteLength = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** BASE64URL(SHA-256(verifier)) (RFC 7636 §4.2). */
export async function codeChallengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export const redirectUri = (origin: string) => `${origin}${OAUTH_CALLBACK_PATH}`;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Builds the authorize URL, at the app client "Keep me signed in" picks, and remembers the verifier, the
 * state and the sign-in's terms for the callback (this tab only).
 */
export async function googleAuthorizeUrl(
  config: Pick<AppConfig, 'oauthDomain' | 'userPoolClientId' | 'keepSignedInClientId'>,
  origin: string,
  { keepSignedIn = false, storage = sessionStorage }: { keepSignedIn?: boolean; storage?: Storage } = {},
): Promise<string> {
  const verifier = randomUrlSafe(48);
  const state = randomUrlSafe(24);
  const terms = sessionTermsFor(keepSignedIn, config);
  storage.setItem(PKCE_KEY, JSON.stringify({ state, verifier, terms } satisfies PendingAuthorization));
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: terms.clientId,
    redirect_uri: redirectUri(origin),
    identity_provider: 'Google',
    // aws.cognito.signin.user.admin: the session's own Cognito calls ("Sign out everywhere" is GlobalSignOut)
    scope: 'openid email profile aws.cognito.signin.user.admin',
    state,
    code_challenge: await codeChallengeFor(verifier),
    code_challenge_method: 'S256',
  });
  return `${trimSlash(config.oauthDomain)}/oauth2/authorize?${params}`;
}

export { clearPendingAuthorization };

export const OAUTH_MESSAGES = {
  cancelled: 'Google sign-in was cancelled. Please try again.',
  stateMismatch: 'This sign-in link is no longer valid. Please start again.',
  failed: "We couldn't complete the Google sign-in. Please try again.",
} as const;

/** A Google sign-in's tokens and the terms of its session (the client the code was issued to). */
export interface AuthorizedSignIn {
  tokens: AuthTokens;
  terms: SessionTerms;
}

/**
 * The callback: checks the state against the one this tab started with, then exchanges the code (with
 * the verifier) at `/oauth2/token`, form-encoded, for the client the authorization was asked of.
 */
export async function exchangeAuthorizationCode(
  config: Pick<AppConfig, 'oauthDomain'>,
  callbackUrl: URL,
  { storage = sessionStorage, fetchImpl = fetch }: { storage?: Storage; fetchImpl?: typeof fetch } = {},
): Promise<AuthorizedSignIn> {
  const stored = storage.getItem(PKCE_KEY);
  clearPendingAuthorization(storage);
  const error = callbackUrl.searchParams.get('error');
  if (error) throw new Error(error === 'access_denied' ? OAUTH_MESSAGES.cancelled : OAUTH_MESSAGES.failed);
  const code = callbackUrl.searchParams.get('code');
  const state = callbackUrl.searchParams.get('state');
  const pending = stored ? (JSON.parse(stored) as PendingAuthorization) : null;
  if (!code || !pending || pending.state !== state || typeof pending.terms?.clientId !== 'string')
    throw new Error(OAUTH_MESSAGES.stateMismatch);

  let response: Response;
  try {
    response = await fetchImpl(`${trimSlash(config.oauthDomain)}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: pending.terms.clientId,
        code,
        redirect_uri: redirectUri(callbackUrl.origin),
        code_verifier: pending.verifier,
      }),
    });
  } catch {
    throw new CognitoError('NetworkError', 'The sign-in service could not be reached');
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, string | undefined>;
  if (!response.ok || !body.access_token) throw new Error(OAUTH_MESSAGES.failed);
  return {
    tokens: { accessToken: body.access_token, idToken: body.id_token, refreshToken: body.refresh_token },
    terms: pending.terms,
  };
}
