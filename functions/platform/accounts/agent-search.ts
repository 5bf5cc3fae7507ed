import { defineEntity, type TransactAction } from '#platform/data/entity';
import type { AgentItem } from './entities.ts';

/**
 * The agents directory's search tokens (docs/decisions.md, "Directory search by word tokens"): beside each
 * agent, one small item per distinct word of its name and of its city, indexed by that word, so "col" finds
 * "Maya Collins" with a Query over the words starting with "col" — never a read of the whole directory.
 * The Agent entity keeps them in step (its `companions`): every write of `full_name` or `city` rewrites
 * them in the same transaction.
 */

/** Letters NFKD does not take apart, folded as a reader would type them. */
const FOLDED: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/**
 * The words of a text as the directory matches them: case and accents folded ("São" → "sao"), split at
 * anything that is not a letter or a digit ("Anne-Marie O'Neil" → anne, marie, o, neil).
 */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A text with case and accents folded ("São Paulo.PDF" → "sao paulo.pdf"), for substring matching too. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[æœøßđðłıþ]/g, (letter) => FOLDED[letter]!);
}

/** The words of a name, each after a space (" maya collins"): `contains(" col")` is a word-prefix match. */
export const wordList = (words: readonly string[]) => words.map((word) => ` ${word}`).join('');

/** The distinct words a name or city is found by: the first `slots`, in order of appearance. */
const indexedWords = (text: string | undefined, slots: number) =>
  [...new Set(searchWords(text))].slice(0, slots);

export const SEARCH_SLOTS = { name: 8, city: 4 } as const;
export type SearchKind = keyof typeof SEARCH_SLOTS;

export interface AgentSearchTokenItem {
  agent_id: string;
  kind: SearchKind;
  /** which of the agent's tokens of this kind: 0 … SEARCH_SLOTS[kind] - 1, a fixed key per slot */
  slot: string;
  word: string;
  /** the word's first character: the index partition (a shard per letter, never the whole directory) */
  initial: string;
  /**
   * The agent's indexed word of this kind just before `word` in sorted order. A search prefix that matches
   * several of an agent's words keeps only the token whose previous word it does not match: one per agent.
   */
  previous?: string;
  /** the name's words, for the search's other words and the order of results */
  name_words: string;
  name_order: string;
  /** the city's words, for a city given with a name */
  city_words?: string;
}

export const AgentSearchToken = defineEntity<AgentSearchTokenItem, 'agent_id' | 'kind' | 'slot'>()({
  type: 'agentSearchToken',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'SEARCH', attributes: ['kind', 'slot'] },
  },
  indexes: {
    /** agents by a word of their name or city, then by name: the directory's search */
    byWord: {
      index: 'gsi1',
      pk: { prefix: 'AGENT_WORD', attributes: ['kind', 'initial'] },
      sk: { prefix: 'WORD', attributes: ['word', 'name_order', 'agent_id'] },
    },
  },
});

/**
 * The writes that bring an agent's tokens in step with its name and city: a put per indexed word, a delete
 * for every other slot (whatever was there before; the writer does not read it).
 */
export function agentSearchTokenActions(agent: Partial<AgentItem>): TransactAction[] {
  const agentId = agent.agent_id!;
  const nameWords = searchWords(agent.full_name);
  const cityWords = searchWords(agent.city);
  const actions: TransactAction[] = [];
  for (const kind of ['name', 'city'] as const) {
    const words = indexedWords(kind === 'name' ? agent.full_name : agent.city, SEARCH_SLOTS[kind]);
    const sorted = [...words].sort();
    for (let slot = 0; slot < SEARCH_SLOTS[kind]; slot += 1) {
      const key = { agent_id: agentId, kind, slot: String(slot) };
      const word = words[slot];
      if (word === undefined) {
        actions.push(AgentSearchToken.transact.delete(key));
        continue;
      }
      const previous = sorted[sorted.indexOf(word) - 1];
      actions.push(
        AgentSearchToken.transact.put({
          ...key,
          word,
          initial: [...word][0]!,
          ...(previous ? { previous } : {}),
          name_words: wordList(nameWords),
          name_order: nameWords.join(' ') || '-',
          ...(cityWords.length ? { city_words: wordList(cityWords) } : {}),
        }),
      );
    }
  }
  return actions;
}
