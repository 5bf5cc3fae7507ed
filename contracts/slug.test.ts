import { describe, expect, it } from 'vitest';
import { slugify, transliterate } from './slug.ts';

describe('slugs', () => {
  it('transliterates accented letters instead of dropping them', () => {
    expect(slugify('Évora')).toBe('evora');
    expect(slugify('São João')).toBe('sao-joao');
    expect(slugify('Praia da Conceição, Cascais')).toBe('praia-da-conceicao-cascais');
    expect(slugify('Zürich Straße')).toBe('zurich-strasse');
    expect(slugify('Ærø Łódź Øresund')).toBe('aero-lodz-oresund');
    expect(transliterate('Crème brûlée')).toBe('Creme brulee');
  });

  it('keeps ASCII slugs as before: lower case, hyphens between words, none at the ends', () => {
    expect(slugify('  Our Team! ')).toBe('our-team');
    expect(slugify('Vila Nova de Gaia — T3')).toBe('vila-nova-de-gaia-t3');
    expect(slugify('---')).toBe('');
    expect(slugify('日本')).toBe('');
  });

  it('cuts a long slug at a word boundary', () => {
    expect(slugify('Sunny apartment with a sea view in Albufeira', 20)).toBe('sunny-apartment-with');
    expect(slugify('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abcdefghij');
  });
});
