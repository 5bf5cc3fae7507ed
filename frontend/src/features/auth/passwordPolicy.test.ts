import { describe, expect, it } from 'vitest';
import { meetsPasswordPolicy } from './passwordPolicy.ts';

describe('password policy', () => {
  it.each([
    ['Demo-Password-1', true],
    ['Abcdefg1', true],
    ['Short1A', false],
    ['alllowercase1', false],
    ['ALLUPPERCASE1', false],
    ['NoNumbersHere', false],
  ])('%s → %s', (password, ok) => {
    expect(meetsPasswordPolicy(password)).toBe(ok);
  });
});
