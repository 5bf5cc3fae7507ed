import type { Credentials } from './authSlice.ts';

export const SIGN_IN_PENDING_MESSAGE = 'Sign-in is being connected to the account service';

/**
 * Signs in with email and password and resolves with the session's credentials.
 * Placeholder until the account service is connected (next issue): it always rejects.
 */
export async function signIn(_email: string, _password: string): Promise<Credentials> {
  throw new Error(SIGN_IN_PENDING_MESSAGE);
}

/** Starts the Google sign-in flow. Placeholder until the account service is connected. */
export async function signInWithGoogle(): Promise<void> {
  throw new Error(SIGN_IN_PENDING_MESSAGE);
}
