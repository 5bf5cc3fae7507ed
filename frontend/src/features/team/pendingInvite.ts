/**
 * An invite link's token, kept from the sign-up page (or from a signed-in agent opening the link) until the
 * app has a session: the shell then accepts it once. localStorage, so it survives the confirmation code,
 * a reload and the Google sign-in round trip; dependency-free, as the shell imports it on first load.
 */
const KEY = 'estatenet.pendingInvite';

export function rememberPendingInvite(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // storage unavailable: the invitee can open the link again once signed in
  }
}

export function pendingInviteToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetPendingInvite(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
