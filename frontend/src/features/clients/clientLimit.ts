import { readApiError } from '../errors/apiError.ts';
import { openPaywall } from '../paywall/paywallSlice.ts';

/** The clients limit in the browser (spec §5, §8), kept apart from the endpoints so the store can use it. */

/** Spec §8: the 403 body on clients that triggers the limit prompt. */
export const FEATURE_LIMIT_REACHED = 'Feature limit reached';

export interface LimitBody {
  error?: unknown;
  current?: unknown;
  maximum?: unknown;
}

/** True for the server's 403 `Feature limit reached` on clients (code `limit_reached`). */
export function isClientLimitError(error: unknown): boolean {
  const { status, code, message } = readApiError(error);
  return status === 403 && (code === 'limit_reached' || message === FEATURE_LIMIT_REACHED);
}

/** The limit prompt: the paywall modal in its "Limit Reached" form, with the clients usage bar. */
export function clientLimitPrompt(current?: number, maximum?: number | null) {
  const limit = typeof maximum === 'number' ? maximum : undefined;
  return openPaywall({
    reason: 'usage_limit_reached',
    message: `${FEATURE_LIMIT_REACHED}: your plan includes ${limit ?? 'a limited number of'} clients. Upgrade to add more.`,
    action: 'upgrade',
    feature: 'clients',
    current,
    maximum: limit,
  });
}
