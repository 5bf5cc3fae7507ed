import { getAppConfig } from '../../app/config.ts';
import type { Credentials } from './authSlice.ts';
import { initiatePasswordAuth } from './cognito.ts';
import { googleAuthorizeUrl } from './oauth.ts';
import { credentialsFromTokens, sessionTermsFor } from './session.ts';

export interface SignInOptions {
  /** "Keep me signed in": the sign-in goes to the client whose refresh tokens last SESSION_DAYS.kept */
  keepSignedIn?: boolean;
}

/** Signs in with email and password (USER_PASSWORD_AUTH) and resolves with the session's credentials. */
export async function signIn(
  email: string,
  password: string,
  { keepSignedIn = false }: SignInOptions = {},
): Promise<Credentials> {
  // the terms count from before the request: the session never outlives the refresh token Cognito issues
  const terms = sessionTermsFor(keepSignedIn);
  const tokens = await initiatePasswordAuth(
    { ...getAppConfig(), userPoolClientId: terms.clientId },
    email,
    password,
  );
  return credentialsFromTokens(tokens, terms);
}

/** Whether this stage offers Sign in with Google (an identity provider is configured). */
export function googleSignInOffered(): boolean {
  try {
    return getAppConfig().googleSignIn;
  } catch {
    return false;
  }
}

/**
 * Starts Sign in with Google: leaves the app for the OAuth authorize page (PKCE, S256), at the client that
 * "Keep me signed in" picks, as a password sign-in does.
 */
export async function signInWithGoogle({ keepSignedIn = false }: SignInOptions = {}): Promise<void> {
  const url = await googleAuthorizeUrl(getAppConfig(), window.location.origin, { keepSignedIn });
  window.location.assign(url);
}

/**
 * Between sign-up (or a sign-in of an unconfirmed account) and the confirmation code, the password is
 * held in memory only, so confirming can sign the new agent in straight away. A reload forgets it: the
 * agent then signs in by hand.
 */
let pendingSignIn: { email: string; password: string } | null = null;

export function rememberPendingSignIn(email: string, password: string): void {
  pendingSignIn = { email: email.toLowerCase(), password };
}

export function takePendingSignIn(email: string): string | null {
  if (!pendingSignIn || pendingSignIn.email !== email.toLowerCase()) return null;
  const { password } = pendingSignIn;
  pendingSignIn = null;
  return password;
}
