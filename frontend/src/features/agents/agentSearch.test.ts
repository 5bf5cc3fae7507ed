import { describe, expect, it } from 'vitest';
import {
  type AgentSearchState,
  agentSearchFailed,
  agentSearchSlice,
  agentSearchStarted,
  agentSearchSucceeded,
  initialAgentSearchState,
} from './agentSearchSlice.ts';
import type { Agent } from './types.ts';

const agent = (id: string, name = `Agent ${id}`): Agent => ({
  agent_id: id,
  full_name: name,
  email: `${id}@test.local`,
  role: 'Superagent',
  reputation_points: 0,
  property_count: 0,
  verified_deals: 0,
  connections: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

const reduce = (state: AgentSearchState, ...actions: Parameters<typeof agentSearchSlice.reducer>[1][]) =>
  actions.reduce(agentSearchSlice.reducer, state);

const everyone = { search: '', city: '' };

describe('agents directory search state', () => {
  it('keeps the results of the latest search only, whatever order the answers arrive in', () => {
    const state = reduce(
      initialAgentSearchState,
      agentSearchStarted({ requestId: 'first' }),
      agentSearchStarted({ requestId: 'second' }),
      agentSearchSucceeded({
        requestId: 'second',
        query: { search: 'ma', city: '' },
        items: [agent('maya')],
        append: false,
      }),
      agentSearchSucceeded({ requestId: 'first', query: everyone, items: [agent('old')], append: false }),
      agentSearchFailed({ requestId: 'first', error: 'late failure' }),
    );

    expect(state.searchResults.map((item) => item.agent_id)).toEqual(['maya']);
    expect(state.searchQuery).toEqual({ search: 'ma', city: '' });
    expect(state.searchLoading).toBe(false);
    expect(state.searchError).toBeNull();
  });

  it('appends a further page without repeating agents, and keeps its cursor', () => {
    const state = reduce(
      initialAgentSearchState,
      agentSearchStarted({ requestId: 'one' }),
      agentSearchSucceeded({
        requestId: 'one',
        query: everyone,
        items: [agent('a'), agent('b')],
        cursor: 'next',
        append: false,
      }),
      agentSearchStarted({ requestId: 'two' }),
      agentSearchSucceeded({
        requestId: 'two',
        query: everyone,
        items: [agent('b'), agent('c')],
        append: true,
      }),
    );

    expect(state.searchResults.map((item) => item.agent_id)).toEqual(['a', 'b', 'c']);
    expect(state.searchCursor).toBeNull();
    // the unfiltered directory is also the list of all agents (spec §3 allAgents)
    expect(state.allAgents.map((item) => item.agent_id)).toEqual(['a', 'b', 'c']);
  });

  it('reports a failure of the latest search and keeps what was shown', () => {
    const shown = reduce(
      initialAgentSearchState,
      agentSearchStarted({ requestId: 'one' }),
      agentSearchSucceeded({ requestId: 'one', query: everyone, items: [agent('a')], append: false }),
    );

    const state = reduce(
      shown,
      agentSearchStarted({ requestId: 'two' }),
      agentSearchFailed({ requestId: 'two', error: 'Agents could not be loaded. Please try again.' }),
    );

    expect(state.searchError).toBe('Agents could not be loaded. Please try again.');
    expect(state.searchLoading).toBe(false);
    expect(state.searchResults.map((item) => item.agent_id)).toEqual(['a']);
  });
});
