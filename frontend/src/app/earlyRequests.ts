/**
 * API reads started by boot.ts from the page's head, before the app's code has arrived (on a phone the
 * scripts take over a second): the API client (app/api.ts) takes each response instead of asking again.
 * An early response is taken once, only by the same request with the same Authorization, and only while
 * fresh; anything else goes to the network as usual.
 */
interface EarlyRequest {
  response: Promise<Response>;
  authorization: string;
  startedAt: number;
}

declare global {
  interface Window {
    __earlyRequests?: Map<string, EarlyRequest>;
  }
}

/** Older than this, an early response is not used (the app took long enough to ask on its own). */
export const EARLY_RESPONSE_MAX_AGE_MS = 15_000;

/** A URL as a key: same-origin path and the query's parameters sorted (their order is the client's own). */
export function requestKey(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/** Starts a GET of a same-origin API path (`api/…`, query included) with the session's token. */
export function startEarlyRequest(path: string, token: string): Promise<Response> {
  const authorization = `Bearer ${token}`;
  const response = fetch(`/${path}`, { headers: { authorization } });
  window.__earlyRequests ??= new Map();
  window.__earlyRequests.set(requestKey(`/${path}`), {
    response,
    authorization,
    startedAt: performance.now(),
  });
  return response;
}

/** The early response for `request`, taken from the registry; undefined when there is none to use. */
export function takeEarlyResponse(request: Request): Promise<Response> | undefined {
  const registry = typeof window === 'undefined' ? undefined : window.__earlyRequests;
  if (!registry || request.method !== 'GET') return undefined;
  const key = requestKey(request.url);
  const early = registry.get(key);
  if (!early) return undefined;
  registry.delete(key);
  if (early.authorization !== request.headers.get('authorization')) return undefined;
  if (performance.now() - early.startedAt > EARLY_RESPONSE_MAX_AGE_MS) return undefined;
  // a network failure of the early request is retried as the app's own
  return early.response.catch(() => fetch(request));
}
