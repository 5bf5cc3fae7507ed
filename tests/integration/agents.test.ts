import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AgentSearchToken } from '#platform/accounts/agent-search';
import { handler as indexAgentSearch } from '../../events/consumers/index-agent-search.ts';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/** A word no other agent has (letters only, so it is one search word). */
const uniqueWord = () =>
  Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

interface Listed {
  agent_id: string;
  full_name: string;
  city?: string;
}

/** One page of the directory for a search. */
async function directory(viewer: TestAgent, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const response = await callApi(`/api/agents?${params}`, { token: viewer.token });
  expect(response.status).toBe(200);
  return (await response.json()) as { items: Listed[]; cursor?: string };
}

/** The ids of every agent a search finds, page after page, each page's ids in order. */
async function everyPage(viewer: TestAgent, query: Record<string, string | number>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await directory(viewer, { ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page.items.map((item) => item.agent_id));
    cursor = page.cursor;
  } while (cursor && pages.length < 20);
  return pages;
}

const idsFound = async (viewer: TestAgent, query: Record<string, string>) =>
  (await directory(viewer, query)).items.map((item) => item.agent_id).sort();

describe('agent profiles', () => {
  it('shows your own subscription state, and no one else’s', async () => {
    const viewer = await createTestAgent({ fullName: 'Xena Viewer' });
    const expired = await createTestAgent({ fullName: 'Yuri Expired', subscriptionStatus: 'expired' });

    const own = await (await callApi(`/api/agents/${expired.agentId}`, { token: expired.token })).json();
    const foreign = await (await callApi(`/api/agents/${expired.agentId}`, { token: viewer.token })).json();
    const listed = (await (
      await callApi(`/api/agents?search=${encodeURIComponent('yuri expired')}`, { token: viewer.token })
    ).json()) as { items: Array<Record<string, unknown>> };

    expect(own.subscription_status).toBe('expired');
    expect(foreign).not.toHaveProperty('subscription_status');
    expect(foreign.agent_id).toBe(expired.agentId);
    expect(listed.items.find((item) => item.agent_id === expired.agentId)).not.toHaveProperty(
      'subscription_status',
    );
  });

  it('reports an active subscription on your own record by default', async () => {
    const agent = await createTestAgent();

    const response = await callApi(`/api/agents/${agent.agentId}`, {
      ...jsonBody('PATCH', { bio: 'Coastal homes.' }),
      token: agent.token,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ bio: 'Coastal homes.', subscription_status: 'active' });
  });

  it.each([
    ['profile_picture', '/media/agents/someone/profile.jpg'],
    ['role', 'AgencyPlus'],
    ['subscription_status', 'active'],
    ['agency_id', 'another-agency'],
    ['user_type', 'admin'],
    ['reputation_points', 9999],
  ])('refuses to PATCH %s, which the platform owns', async (field, value) => {
    const agent = await createTestAgent({ subscriptionStatus: 'expired' });

    const response = await callApi(`/api/agents/${agent.agentId}`, {
      ...jsonBody('PATCH', { [field]: value }),
      token: agent.token,
    });

    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain(field);
    const after = await (await callApi(`/api/agents/${agent.agentId}`, { token: agent.token })).json();
    expect(after).toMatchObject({ role: 'Superagent', subscription_status: 'expired', reputation_points: 0 });
    expect(after).not.toHaveProperty('profile_picture');
    expect(after).not.toHaveProperty('agency_id');
  });
});

describe('the agents directory search', () => {
  it('finds an agent by the start of any word of the name, not only the first', async () => {
    const word = uniqueWord();
    const viewer = await createTestAgent();
    const agent = await createTestAgent({ fullName: `Maya ${word}collins` });

    expect(await idsFound(viewer, { search: word.slice(0, 6) })).toEqual([agent.agentId]);
    expect(await idsFound(viewer, { search: `${word}col` })).toEqual([agent.agentId]);
    expect(await idsFound(viewer, { search: `${word}collinsx` })).toEqual([]);
    expect(await idsFound(viewer, { search: word.slice(2) })).toEqual([]);
  });

  it('needs every searched word to start a word of the name, in any order', async () => {
    const word = uniqueWord();
    const viewer = await createTestAgent();
    const anaLopes = await createTestAgent({ fullName: `Ana ${word} Lopes` });
    const anaSilva = await createTestAgent({ fullName: `Ana ${word} Silva` });
    const beaLopes = await createTestAgent({ fullName: `Bea ${word} Lopes` });

    expect(await idsFound(viewer, { search: `lop ${word}` })).toEqual(
      [anaLopes.agentId, beaLopes.agentId].sort(),
    );
    expect(await idsFound(viewer, { search: `${word.slice(0, 5)} ana` })).toEqual(
      [anaLopes.agentId, anaSilva.agentId].sort(),
    );
    expect(await idsFound(viewer, { search: `an  lo ${word}` })).toEqual([anaLopes.agentId]);
    expect(await idsFound(viewer, { search: `ana ${word} bea` })).toEqual([]);
  });

  it('ignores case and accents, in the name and in the city', async () => {
    const word = uniqueWord();
    const viewer = await createTestAgent();
    const ines = await createTestAgent({ fullName: `Inês ${word} Duarte`, city: 'São Paulo' });
    const joao = await createTestAgent({ fullName: `JOAO ${word.toUpperCase()}`, city: 'Évora' });

    expect(await idsFound(viewer, { search: `ines ${word}` })).toEqual([ines.agentId]);
    expect(await idsFound(viewer, { search: `INÊS DUARTE ${word.toUpperCase()}` })).toEqual([ines.agentId]);
    expect(await idsFound(viewer, { search: `João ${word}` })).toEqual([joao.agentId]);
    expect(await idsFound(viewer, { search: word, city: 'SAO' })).toEqual([ines.agentId]);
    expect(await idsFound(viewer, { search: word, city: 'evo' })).toEqual([joao.agentId]);
  });

  it('finds a city by the start of any of its words', async () => {
    const word = uniqueWord();
    const viewer = await createTestAgent();
    const agent = await createTestAgent({ city: `Vila ${word}bon` });

    expect(await idsFound(viewer, { city: word.slice(0, 7) })).toEqual([agent.agentId]);
    expect(await idsFound(viewer, { city: `vila ${word}` })).toEqual([agent.agentId]);
    expect(await idsFound(viewer, { city: `${word}bonx` })).toEqual([]);
  });

  it('combines a name and a partial city', async () => {
    const word = uniqueWord();
    const viewer = await createTestAgent();
    const inLisbon = await createTestAgent({ fullName: `Rui ${word}`, city: 'Lisbon' });
    const inPorto = await createTestAgent({ fullName: `Rui ${word}`, city: 'Porto' });
    await createTestAgent({ fullName: `Rui ${word}` });

    expect(await idsFound(viewer, { search: word, city: 'lis' })).toEqual([inLisbon.agentId]);
    expect(await idsFound(viewer, { search: `rui ${word}`, city: 'POR' })).toEqual([inPorto.agentId]);
    expect(await idsFound(viewer, { search: word, city: 'lisbonx' })).toEqual([]);
  });

  it('pages through every match once, an agent with two matching words included', async () => {
    const word = uniqueWord();
    const viewer = await createTestAgent();
    const agents = await Promise.all([
      ...Array.from({ length: 6 }, (_, index) =>
        createTestAgent({ fullName: `Agent${index} ${word}${'abcdef'[index]}` }),
      ),
      createTestAgent({ fullName: `Zed ${word}x ${word}y` }),
      createTestAgent({ fullName: `Yan ${word} ${word}` }),
    ]);

    for (const limit of [1, 3, 5]) {
      const pages = await everyPage(viewer, { search: word, limit });
      const found = pages.flat();
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit);
      expect(new Set(found).size).toBe(found.length);
      expect(found.sort()).toEqual(agents.map((agent) => agent.agentId).sort());
    }
  });

  it('finds a renamed agent by its new words only, and a moved one by its new city only', async () => {
    const oldWord = uniqueWord();
    const newWord = uniqueWord();
    const viewer = await createTestAgent();
    const agent = await createTestAgent({ fullName: `Rita ${oldWord}`, city: `${oldWord}ville` });

    const renamed = await callApi(`/api/agents/${agent.agentId}`, {
      ...jsonBody('PATCH', { full_name: `Rita ${newWord} Person` }),
      token: agent.token,
    });
    expect(renamed.status).toBe(200);

    expect(await idsFound(viewer, { search: oldWord })).toEqual([]);
    const oldTokens = await AgentSearchToken.query(
      'byWord',
      { kind: 'name', initial: oldWord[0]! },
      { begins: { word: oldWord } },
    );
    expect(oldTokens.items).toEqual([]);
    expect(await idsFound(viewer, { search: newWord })).toEqual([agent.agentId]);
    expect(await idsFound(viewer, { search: `person ${newWord}` })).toEqual([agent.agentId]);
    expect(await idsFound(viewer, { search: newWord, city: `${oldWord}vil` })).toEqual([agent.agentId]);

    const moved = await callApi(`/api/agents/${agent.agentId}`, {
      ...jsonBody('PATCH', { city: `${newWord}town` }),
      token: agent.token,
    });
    expect(moved.status).toBe(200);

    expect(await idsFound(viewer, { city: oldWord })).toEqual([]);
    const tokens = await AgentSearchToken.query('primary', { agent_id: agent.agentId });
    expect(tokens.items.map(({ kind, word }) => `${kind}:${word}`).sort()).toEqual(
      ['name:rita', `name:${newWord}`, 'name:person', `city:${newWord}town`].sort(),
    );
    expect(await idsFound(viewer, { city: newWord })).toEqual([agent.agentId]);
    expect(await idsFound(viewer, { search: `rita ${newWord}`, city: `${newWord}town` })).toEqual([
      agent.agentId,
    ]);
  });

  it('indexes agents written before the search tokens existed, once', async () => {
    const word = uniqueWord();
    const viewer = await createTestAgent();
    const agent = await createTestAgent({ fullName: `Old ${word}`, city: 'Braga' });
    for (const token of (await AgentSearchToken.query('primary', { agent_id: agent.agentId })).items)
      await AgentSearchToken.delete(token);
    expect(await idsFound(viewer, { search: word })).toEqual([]);

    const first = await indexAgentSearch();

    expect(first.indexed).toBeGreaterThanOrEqual(1);
    expect(await idsFound(viewer, { search: word, city: 'bra' })).toEqual([agent.agentId]);
    const again = await indexAgentSearch();
    expect(again).toMatchObject({ indexed: 0 });
    expect(await idsFound(viewer, { search: `old ${word}` })).toEqual([agent.agentId]);
  });
});
