// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agenciesApi } from '../features/agencies/api.ts';
import { agentsApi } from '../features/agents/api.ts';
import type { Agency, Agent } from '../features/agents/types.ts';
import { propertiesApi } from '../features/properties/api.ts';
import { reputationApi } from '../features/reputation/api.ts';
import type { ReputationSummary } from '../features/reputation/types.ts';
import { authState } from '../test/renderWithProviders.tsx';
import { SAVED_PROPERTIES_PROBE } from './apiPaths.ts';
import {
  selectAgencyState,
  selectAgentState,
  selectAuthState,
  selectSavedState,
  selectVisitedAgentState,
} from './specState.ts';
import { makeStore } from './store.ts';

const agent = {
  agent_id: 'agent-1',
  full_name: 'Amir Haddad',
  email: 'amir@estatenet.local',
  role: 'Superagent',
  agency_id: 'agency-1',
  profile_picture: 'https://cdn.example/amir.jpg',
  reputation_points: 45,
  property_count: 3,
  verified_deals: 1,
  connections: 4,
  created_at: '2026-01-01T00:00:00.000Z',
} as Agent;
const agency = {
  id: 'agency-1',
  name: 'Rossi',
  agentCount: 2,
  logo: 'https://cdn.example/logo.png',
} as Agency;

function signedIn() {
  const store = makeStore({
    auth: authState({ token: 'jwt', agentId: 'agent-1', agencyId: 'agency-1', isAuthenticated: true }),
  });
  store.dispatch(
    agentsApi.util.upsertQueryEntries([{ endpointName: 'getAgent', arg: 'agent-1', value: agent }]),
  );
  store.dispatch(
    agenciesApi.util.upsertQueryEntries([{ endpointName: 'getAgency', arg: 'agency-1', value: agency }]),
  );
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('the state spec §3 names, read from the API cache', () => {
  it('gives the auth, agent and agency state by their names', () => {
    const store = signedIn();
    store.dispatch(
      reputationApi.util.upsertQueryEntries([
        {
          endpointName: 'getAgencyReputation',
          arg: 'agency-1',
          value: { points: 900, propertyCount: 40, verifiedDeals: 12, connections: 33 } as ReputationSummary,
        },
      ]),
    );
    const state = store.getState();

    expect(selectAuthState(state)).toEqual({
      token: 'jwt',
      agentId: 'agent-1',
      agencyId: 'agency-1',
      isAuthenticated: true,
      allAgents: [],
      profilePictureUrl: 'https://cdn.example/amir.jpg',
    });
    expect(selectAgentState(state)).toMatchObject({
      agentData: agent,
      profilePictureUrl: 'https://cdn.example/amir.jpg',
      reputationPoints: 45,
      propertyCount: 3,
      verifiedDeals: 1,
      connections: 4,
      searchResults: [],
      searchLoading: false,
      searchError: null,
    });
    expect(selectAgencyState(state)).toEqual({
      agencyData: agency,
      logoUrl: 'https://cdn.example/logo.png',
      agenciesData: [agency],
      reputationPoints: 900,
      propertyCount: 40,
      verifiedDeals: 12,
      connections: 33,
    });
    // memoized: the same state gives the same object
    expect(selectAgentState(store.getState())).toBe(selectAgentState(state));
  });

  it("gives the directory's latest search and every agent loaded without one, whatever order answers arrive in", async () => {
    const store = signedIn();
    const named = (id: string, full_name: string) => ({ ...agent, agent_id: id, full_name }) as Agent;
    const answers = new Map<string, (response: Response) => void>();
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const url = new URL(request.url);
        const key = `${url.searchParams.get('search') ?? ''}|${url.searchParams.get('cursor') ?? ''}`;
        // a search the server fails, every time it is asked (the API client tries a 5xx again)
        if (key === 'zz|') return Promise.resolve(new Response('{}', { status: 500 }));
        return new Promise<Response>((resolve) => answers.set(key, resolve));
      }),
    );
    const everyone = { search: '', city: '' };
    const maya = { search: 'maya', city: '' };
    const first = store.dispatch(agentsApi.endpoints.searchAgents.initiate(everyone));
    await vi.waitFor(() => expect([...answers.keys()]).toContain('|'));
    const second = store.dispatch(agentsApi.endpoints.searchAgents.initiate(maya));
    await vi.waitFor(() => expect(answers.has('maya|')).toBe(true));
    expect(selectAgentState(store.getState()).searchLoading).toBe(true);

    // the later search answers first, the earlier one after it: the latest search is still the one shown
    answers.get('maya|')!(Response.json({ items: [named('a-2', 'Maya Collins')] }));
    await second;
    answers.get('|')!(Response.json({ items: [named('a-1', 'Ana Silva')], cursor: 'page-2' }));
    await first;
    let state = selectAgentState(store.getState());
    expect(state.searchResults.map((found) => found.full_name)).toEqual(['Maya Collins']);
    expect(state.searchLoading).toBe(false);
    expect(state.allAgents.map((found) => found.full_name)).toEqual(['Ana Silva']);
    expect(selectAuthState(store.getState()).allAgents).toBe(state.allAgents);

    // the directory's next page adds to every agent loaded (an agent on both pages is listed once)
    const more = store.dispatch(
      agentsApi.endpoints.searchAgents.initiate(everyone, { direction: 'forward' }),
    );
    await vi.waitFor(() => expect(answers.has('|page-2')).toBe(true));
    answers.get('|page-2')!(Response.json({ items: [named('a-1', 'Ana Silva'), named('a-3', 'Rui Costa')] }));
    await more;
    state = selectAgentState(store.getState());
    expect(state.allAgents.map((found) => found.full_name)).toEqual(['Ana Silva', 'Rui Costa']);

    // a search that fails is the latest one: its message, not the earlier results' absence of one
    const failing = store.dispatch(agentsApi.endpoints.searchAgents.initiate({ search: 'zz', city: '' }));
    await failing;
    expect(selectAgentState(store.getState())).toMatchObject({
      searchResults: [],
      searchLoading: false,
      searchError: 'Agents could not be loaded. Please try again.',
    });
    for (const subscription of [first, second, more, failing]) subscription.unsubscribe();
  });

  it('gives a visited agent by the id the page shows', () => {
    const store = signedIn();
    const other = { ...agent, agent_id: 'agent-2', profile_picture: undefined } as Agent;
    store.dispatch(
      agentsApi.util.upsertQueryEntries([{ endpointName: 'getAgent', arg: 'agent-2', value: other }]),
    );

    expect(selectVisitedAgentState(store.getState(), 'agent-2')).toEqual({
      visitedAgentData: other,
      profilePictureUrl: null,
    });
    expect(selectVisitedAgentState(store.getState(), 'agent-3').visitedAgentData).toBeNull();
  });

  it('shows a save at once and takes it back when the server refuses it', async () => {
    const store = signedIn();
    let refuse: (response: Response) => void = () => undefined;
    let listed = false;
    const savedList = {
      savedProperties: ['p-1'],
      items: [],
      pagination: { page: 1, totalPages: 1, limit: 1, totalItems: 1 },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        // the saved list answers once; the refresh after the refusal stays on its way (what is shown
        // meanwhile is the undone list, not a refetched one)
        if (request.method === 'GET' && !listed) {
          listed = true;
          return Promise.resolve(Response.json(savedList));
        }
        return new Promise<Response>((resolve) => {
          if (request.method === 'PUT') refuse = resolve;
        });
      }),
    );
    // a save button keeps the saved list subscribed
    await store.dispatch(propertiesApi.endpoints.savedProperties.initiate(SAVED_PROPERTIES_PROBE));
    expect(selectSavedState(store.getState()).savedProperties).toEqual(['p-1']);

    const saving = store.dispatch(propertiesApi.endpoints.saveProperty.initiate('p-2'));
    expect(selectSavedState(store.getState()).savedProperties).toEqual(['p-2', 'p-1']);

    await vi.waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([call]) => (call as Request).method === 'PUT')).toBe(true),
    );
    refuse(new Response('{"error":"Not found"}', { status: 404 }));
    expect((await saving).error).toMatchObject({ status: 404 });
    expect(selectSavedState(store.getState())).toMatchObject({
      savedProperties: ['p-1'],
      refreshNeeded: true,
    });
  });
});
