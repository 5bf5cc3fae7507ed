import { expect } from 'vitest';
import type { RouteId } from '#contracts/manifest';
import { PLANS, ROLES } from '#contracts/plans';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import type { LimitedRouteFixture } from './limited-routes.ts';

/**
 * The websites limit raced on both routes that take a slot: creating a website, and recovering a
 * soft-deleted one (a deleted website gives its slot back, so twice the limit of them can wait).
 */

/** The first plan (the Free Plan first) with a finite websites limit. */
function finiteLimitFor(_feature: 'websites') {
  const role = ROLES.find((candidate) => (PLANS[candidate].limits.websites ?? 0) > 0)!;
  return { role, limit: PLANS[role].limits.websites! };
}

const activeWebsites = async (owner: TestAgent) => {
  const { items } = (await (await callApi('/websites', { token: owner.token })).json()) as {
    items: Array<{ deleted_at?: string }>;
  };
  return items.filter((item) => !item.deleted_at).length;
};

export const websiteLimitFixtures: Partial<Record<RouteId, LimitedRouteFixture>> = {
  createWebsite: {
    arrange: async () => {
      const { role, limit } = finiteLimitFor('websites');
      const owner = await createTestAgent({ role });
      return {
        owner,
        slots: limit,
        request: (index) => ({ path: '/websites', init: jsonBody('POST', { name: `Raced Site ${index}` }) }),
        realUsage: () => activeWebsites(owner),
      };
    },
  },
  recoverWebsite: {
    arrange: async () => {
      const { role, limit } = finiteLimitFor('websites');
      const owner = await createTestAgent({ role });
      const deleted: string[] = [];
      // one slot at a time: create, then delete (the slot comes back), until 2 × limit wait in the trash
      while (deleted.length < 2 * limit) {
        const made = await callApi('/websites', {
          ...jsonBody('POST', { name: `Deleted Site ${deleted.length}` }),
          token: owner.token,
        });
        const { id } = (await made.json()) as { id: string };
        expect(made.status).toBe(201);
        expect((await callApi(`/websites/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
        deleted.push(id);
      }
      return {
        owner,
        slots: limit,
        request: (index) => ({ path: `/websites/${deleted[index]}/recover`, init: { method: 'POST' } }),
        realUsage: () => activeWebsites(owner),
      };
    },
  },
};
