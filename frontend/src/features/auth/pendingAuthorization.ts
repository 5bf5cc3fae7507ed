/**
 * Where the Google sign-in keeps its PKCE verifier and state between the redirect and the callback (this
 * tab only). Apart from oauth.ts so that logout, which is in the first page load, can clear it alone.
 */
export const PKCE_KEY = 'estatenet.oauth';

export function clearPendingAuthorization(storage: Storage = sessionStorage): void {
  storage.removeItem(PKCE_KEY);
}
