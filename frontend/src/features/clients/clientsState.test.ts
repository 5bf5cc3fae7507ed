// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectClientState } from '../../app/specState.ts';
import { makeStore } from '../../app/store.ts';
import { authState } from '../../test/renderWithProviders.tsx';
import { type Client, clientsApi, FEATURE_LIMIT_REACHED } from './api.ts';
import { tablePreferencesChanged } from './clientsSlice.ts';
import { selectClientAgents, selectClientBookComplete } from './selectors.ts';

const client = (id: string, name: string) =>
  ({ client_id: id, agentId: 'agent-1', full_name: name, type: 'buyer', stage: 'new' }) as Client;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The clients API: the book answers once (the refresh a change asks for stays on its way, so what shows is
 * the cache's own edit), POST answers what the test says.
 */
function stubClientsApi(created: () => Response) {
  let listed = false;
  const fetchMock = vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'POST' && pathname === '/api/clients') return created();
    if (pathname === '/api/clients') {
      if (listed) return new Promise<Response>(() => undefined);
      listed = true;
      return json(200, {
        items: [client('c-1', 'Ana')],
        agents: [{ agent_id: 'agent-1', full_name: 'Amir' }],
      });
    }
    if (pathname.startsWith('/api/client-table-preferences/'))
      return json(200, { agentId: 'agent-1', columnPreferences: [{ id: 'full_name', visible: true }] });
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
}

async function signedInWithBook() {
  const store = makeStore({ auth: authState({ token: 'jwt', agentId: 'agent-1', isAuthenticated: true }) });
  await store.dispatch(clientsApi.endpoints.listClients.initiate({ agencyId: null }));
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('the client state (spec §3) over the API cache', () => {
  it('reads the book from the cache and shows a created client first once it is answered', async () => {
    stubClientsApi(() => json(201, client('c-2', 'Bruno')));
    const store = await signedInWithBook();
    expect(selectClientState(store.getState()).clients.map((one) => one.client_id)).toEqual(['c-1']);
    expect(selectClientAgents(store.getState())).toEqual([{ agent_id: 'agent-1', full_name: 'Amir' }]);
    expect(selectClientBookComplete(store.getState())).toBe(true);

    await store.dispatch(clientsApi.endpoints.createClient.initiate({ full_name: 'Bruno' }));

    expect(selectClientState(store.getState()).clients.map((one) => one.client_id)).toEqual(['c-2', 'c-1']);
    expect(selectClientState(store.getState()).error).toBeNull();
  });

  it('keeps the limit refusal as the error and the book as it was', async () => {
    stubClientsApi(() =>
      json(403, { error: FEATURE_LIMIT_REACHED, code: 'limit_reached', current: 25, maximum: 25 }),
    );
    const store = await signedInWithBook();

    await store.dispatch(clientsApi.endpoints.createClient.initiate({ full_name: 'Bruno' }));

    await vi.waitFor(() => expect(selectClientState(store.getState()).error).toBe(FEATURE_LIMIT_REACHED));
    expect(selectClientState(store.getState()).clients.map((one) => one.client_id)).toEqual(['c-1']);
  });

  it('takes the saved columns from the cache until the agent changes them here', async () => {
    stubClientsApi(() => json(500, {}));
    const store = await signedInWithBook();
    await store.dispatch(clientsApi.endpoints.getClientTablePreferences.initiate('agent-1'));
    expect(selectClientState(store.getState()).tablePreferences).toEqual([
      { id: 'full_name', visible: true },
    ]);

    store.dispatch(tablePreferencesChanged([{ id: 'email', visible: true }] as never));

    expect(selectClientState(store.getState()).tablePreferences).toEqual([{ id: 'email', visible: true }]);
  });
});
