// @vitest-environment happy-dom
import { type Persistor, persistStore } from 'redux-persist';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';

/** A stored session as redux-persist writes it (each value JSON in JSON), with its live token cookie. */
function storeSession(session: { token: string; agentId: string; agencyId: string | null }) {
  // biome-ignore lint/suspicious/noDocumentCookie: the route guard's cookie, as the browser keeps it
  document.cookie = `token=${session.token}; Path=/`;
  localStorage.setItem(
    'persist:auth',
    JSON.stringify({
      token: JSON.stringify(session.token),
      agentId: JSON.stringify(session.agentId),
      agencyId: JSON.stringify(session.agencyId),
      _persist: '{"version":-1,"rehydrated":true}',
    }),
  );
}

/** fetch that never answers: what matters is which requests start, and when. */
function stubPendingFetch() {
  const fetchMock = vi.fn((_request: Request) => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requestedPaths = (fetchMock: ReturnType<typeof stubPendingFetch>) =>
  fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);

let persistor: Persistor | undefined;

afterEach(() => {
  persistor?.pause();
  persistor = undefined;
  vi.unstubAllGlobals();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up
  document.cookie = 'token=; Max-Age=0; Path=/';
});

describe('a stored session', () => {
  it('loads its agent and agency side by side as soon as it is restored', async () => {
    storeSession({ token: 'jwt-1', agentId: 'agent-1', agencyId: 'agency-1' });
    const fetchMock = stubPendingFetch();

    persistor = persistStore(makeStore());

    // both start before either has answered (the fetch stub never answers)
    await vi.waitFor(() =>
      expect(requestedPaths(fetchMock).sort()).toEqual(['/api/agencies/agency-1', '/api/agents/agent-1']),
    );
  });

  it('loads only the agent of a session without an agency', async () => {
    storeSession({ token: 'jwt-1', agentId: 'agent-1', agencyId: null });
    const fetchMock = stubPendingFetch();

    persistor = persistStore(makeStore());

    await vi.waitFor(() => expect(requestedPaths(fetchMock)).toEqual(['/api/agents/agent-1']));
  });

  it('asks for nothing when no session is stored', async () => {
    const fetchMock = stubPendingFetch();
    const store = makeStore();

    persistor = persistStore(store);
    await vi.waitFor(() => expect(persistor?.getState().bootstrapped).toBe(true));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().auth.token).toBeNull();
  });
});
