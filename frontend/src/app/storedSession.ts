/** redux-persist's key for the auth state (app/persistConfig.ts); stored as `persist:<key>`. */
export const AUTH_PERSIST_KEY = 'auth';

export interface StoredSession {
  token: string;
  agentId: string;
  agencyId: string | null;
}

/**
 * The session a returning user has in localStorage, read without redux-persist (boot.ts runs before the
 * app's code): redux-persist stores the whitelisted fields each as JSON inside one JSON object.
 */
export function readStoredSession(): StoredSession | undefined {
  try {
    const stored = window.localStorage.getItem(`persist:${AUTH_PERSIST_KEY}`);
    if (!stored) return undefined;
    const fields = JSON.parse(stored) as Record<string, string | undefined>;
    const field = (name: string): unknown =>
      fields[name] === undefined ? undefined : JSON.parse(fields[name]);
    const token = field('token');
    const agentId = field('agentId');
    const agencyId = field('agencyId');
    if (typeof token !== 'string' || !token || typeof agentId !== 'string' || !agentId) return undefined;
    return { token, agentId, agencyId: typeof agencyId === 'string' && agencyId ? agencyId : null };
  } catch {
    // no storage (a private mode) or something else stored there: the app signs in as usual
    return undefined;
  }
}
