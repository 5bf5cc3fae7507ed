import { beforeEach, describe, expect, it, vi } from 'vitest';
import { agentSearchTokenActions, SEARCH_SLOTS, searchWords } from './agent-search.ts';

// the actions name their table; nothing is sent
beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'unit-test-table');
});

describe('searchWords', () => {
  it('folds case and accents and splits at anything but letters and digits', () => {
    expect(searchWords('Inês Duarte')).toEqual(['ines', 'duarte']);
    expect(searchWords('SÃO PAULO')).toEqual(['sao', 'paulo']);
    expect(searchWords("  Anne-Marie O'Neil 2nd ")).toEqual(['anne', 'marie', 'o', 'neil', '2nd']);
    expect(searchWords('Søren Łukasz Straße')).toEqual(['soren', 'lukasz', 'strasse']);
    expect(searchWords('— ,')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
});

describe('agentSearchTokenActions', () => {
  it('puts one token per distinct word and deletes every other slot', () => {
    const actions = agentSearchTokenActions({ agent_id: 'a1', full_name: 'Ana Ana Beatriz', city: 'Faro' });

    expect(actions).toHaveLength(SEARCH_SLOTS.name + SEARCH_SLOTS.city);
    const puts = actions.flatMap((action) => (action.Put ? [action.Put.Item!] : []));
    expect(puts.map((item) => [item.word, item.previous, item.gsi1pk, item.gsi1sk])).toEqual([
      ['ana', undefined, 'AGENT_WORD#name#a', 'WORD#ana#ana ana beatriz#a1'],
      ['beatriz', 'ana', 'AGENT_WORD#name#b', 'WORD#beatriz#ana ana beatriz#a1'],
      ['faro', undefined, 'AGENT_WORD#city#f', 'WORD#faro#ana ana beatriz#a1'],
    ]);
    expect(puts[0]).toMatchObject({ name_words: ' ana ana beatriz', city_words: ' faro' });
    expect(actions.filter((action) => action.Delete)).toHaveLength(actions.length - 3);
  });

  it('deletes every slot of an agent without a name or city', () => {
    const actions = agentSearchTokenActions({ agent_id: 'a1' });
    expect(actions.every((action) => action.Delete)).toBe(true);
  });
});
