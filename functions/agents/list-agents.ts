import { agentsRoutes } from '#contracts/routes/agents';
import { AgentSearchToken, type SearchKind, searchWords } from '#platform/accounts/agent-search';
import type { AgentItem } from '#platform/accounts/entities';
import { Agent } from '#platform/accounts/entities';
import type { Page } from '#platform/data/entity';
import { and, beginsWith, contains, not, notExists, or } from '#platform/data/expression';
import { withHttp } from '#platform/http';
import { agentView, withAgencyNames } from './agent-view.ts';

/** True when every search word begins one of the words. */
const allFound = (wanted: readonly string[], words: readonly string[]) =>
  wanted.every((part) => words.some((word) => word.startsWith(part)));

/**
 * Agents any of whose name words starts with each search word and any of whose city words starts with each
 * city word, a page at a time: one Query over the search tokens of the longest word (the other words filter
 * those small items), then the page's agents by key. Ordered by the matched word, then by name.
 */
async function searchAgents(
  nameWords: string[],
  cityWords: string[],
  paging: { cursor?: string; limit: number },
): Promise<Page<AgentItem>> {
  const kind: SearchKind = nameWords.length ? 'name' : 'city';
  const words = kind === 'name' ? nameWords : cityWords;
  const lead = words.reduce((longest, word) => (word.length > longest.length ? word : longest));
  const wordsOf = { name: 'name_words', city: 'city_words' } as const;
  const tokens = await AgentSearchToken.query(
    'byWord',
    { kind, initial: [...lead][0]! },
    {
      begins: { word: lead },
      filter: and(
        // one token per agent: the one whose previous word does not also start with the lead word
        or(notExists('previous'), not(beginsWith('previous', lead))),
        ...words.filter((word) => word !== lead).map((word) => contains(wordsOf[kind], ` ${word}`)),
        ...(kind === 'name' ? cityWords.map((word) => contains('city_words', ` ${word}`)) : []),
      ),
      ...paging,
    },
  );
  const agents = new Map(
    (await Agent.getMany(tokens.items.map(({ agent_id }) => ({ agent_id })))).map((agent) => [
      agent.agent_id,
      agent,
    ]),
  );
  // the index is eventually consistent: an agent renamed a moment ago must match its current words
  const items = tokens.items
    .map((token) => agents.get(token.agent_id))
    .filter(
      (agent): agent is AgentItem =>
        agent !== undefined &&
        !agent.staff &&
        allFound(nameWords, searchWords(agent.full_name)) &&
        allFound(cityWords, searchWords(agent.city)),
    );
  return { items, ...(tokens.cursor ? { cursor: tokens.cursor } : {}) };
}

/**
 * The agents directory: every agent by name (support staff aside), or those whose name and city words start with the words
 * searched (case and accents aside), a page at a time, each with its agency's name.
 */
export const handler = withHttp(agentsRoutes.listAgents, async ({ query, identity }) => {
  const nameWords = [...new Set(searchWords(query.search))];
  const cityWords = [...new Set(searchWords(query.city))];
  const paging = { cursor: query.cursor, limit: query.limit };
  // text without a letter or digit in it matches no one
  const unmatchable = (query.search && !nameWords.length) || (query.city && !cityWords.length);
  const page: Page<AgentItem> = unmatchable
    ? { items: [] }
    : nameWords.length || cityWords.length
      ? await searchAgents(nameWords, cityWords, paging)
      : // support staff are not agents anyone works with
        await Agent.query('directory', {}, { ...paging, filter: notExists('staff') });
  return {
    items: (await withAgencyNames(page.items)).map((agent) => agentView(agent, identity.agentId)),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
});
