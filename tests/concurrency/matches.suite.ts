import { describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '#contracts/listing-match';
import { callApi, createTestAgent, jsonBody } from '../support/agents.ts';

/**
 * Saved searches raced (issue 22): the cap is checked on the agent's counter in the transaction that adds a
 * search, so saves sent at once never pass it, and the counter always equals the searches kept.
 */

describe('saved searches raced', () => {
  it(`keeps exactly ${MAX_SAVED_SEARCHES} of ${MAX_SAVED_SEARCHES + 5} searches saved at once`, async () => {
    const agent = await createTestAgent();
    const statuses = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 5 }, async (_, index) => {
        const response = await callApi('/api/saved-searches', {
          ...jsonBody('POST', { name: `Raced search ${index}`, status: 'for_sale', max_price: 400_000 }),
          token: agent.token,
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);

    const listed = await callApi('/api/saved-searches', { token: agent.token });
    expect(((await listed.json()) as { items: unknown[] }).items).toHaveLength(MAX_SAVED_SEARCHES);
    const { SavedSearchCount } = await import('#functions/matches/entities');
    expect(await SavedSearchCount.get({ agent_id: agent.agentId }, { consistent: true })).toMatchObject({
      saved: MAX_SAVED_SEARCHES,
    });
  });
});
