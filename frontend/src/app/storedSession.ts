import { decodeJwtClaims } from '../features/auth/jwtClaims.ts';
import { readTokenCookie } from '../features/auth/tokenCookie.ts';

/** redux-persist's key for the auth state (app/persistConfig.ts); stored as `persist:<key>`. */
export const AUTH_PERSIST_KEY = 'auth';

export interface StoredSession {
  token: string;
  agentId: string;
  agencyId: string | null;
}

/**
 * The session a returning user has in localStorage, read without redux-persist (boot.ts runs before the
 * app's code): redux-persist stores the whitelisted fields each as JSON inside one JSON object. Without
 * one, the session of the `token` cookie, as the app restores it (session.ts reconcileStoredSession): a
 * sign-in made a moment ago in another page whose stored copy has not reached this one.
 */
export function readStoredSession(): StoredSession | undefined {
  try {
    const stored = window.localStorage.getItem(`persist:${AUTH_PERSIST_KEY}`);
    if (!stored) return sessionOfCookie();
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

/** The session of an access token alone: agentId is its subject; the agency comes with the agent. */
export function sessionOfToken(token: string): StoredSession | undefined {
  const agentId = decodeJwtClaims(token).sub;
  return agentId ? { token, agentId, agencyId: null } : undefined;
}

function sessionOfCookie(): StoredSession | undefined {
  const token = readTokenCookie();
  return token ? sessionOfToken(token) : undefined;
}
