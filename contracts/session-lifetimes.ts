/**
 * How long a sign-in lasts. Cognito sets token lifetimes per app client, so the user pool has two web
 * clients that differ only in their refresh tokens: the session client (the default) and the one the app
 * signs in with when "Keep me signed in" is ticked. The CDK clients (infra/lib/auth.ts), the local pool's
 * clients (local/bootstrap.ts) and the app's session cookie (frontend/src/features/auth/session.ts) all
 * read these numbers. zod-free: the login page imports it at first paint.
 */

/** Access and ID tokens: the API takes an access token for this long after it was issued. */
export const ACCESS_TOKEN_MINUTES = 15;

/** Refresh tokens, counted from the sign-in (a refresh does not extend them; Cognito's are absolute). */
export const SESSION_DAYS = {
  /** "Keep me signed in" not ticked: at most a week, and the session ends with the browser */
  session: 7,
  /** "Keep me signed in" ticked: a month, across browser restarts */
  kept: 30,
} as const;

export type SessionKind = keyof typeof SESSION_DAYS;

export const DAY_MS = 24 * 60 * 60 * 1000;
