import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { HttpError } from './errors.ts';
import { validatePart } from './validation.ts';

/** The refusal a value gets from `schema`, as the client sees it. */
function refusal(schema: z.ZodMiniType, value: unknown) {
  try {
    validatePart('body', schema, value);
  } catch (error) {
    return { status: (error as HttpError).statusCode, ...(error as HttpError).toBody() } as {
      status: number;
      error: string;
      fields: Record<string, string>;
    };
  }
  throw new Error('the value was accepted');
}

describe('refusals of huge bodies', () => {
  it('name at most ten unknown fields, cut to 100 characters, and count the rest', () => {
    const long = 'x'.repeat(5_000);
    const body = Object.fromEntries(
      [long, ...Array.from({ length: 20_000 }, (_, i) => `k${i}`)].map((key) => [key, 1]),
    );

    const refused = refusal(z.strictObject({}), body);

    const named = `${'x'.repeat(100)}…, ${Array.from({ length: 9 }, (_, i) => `k${i}`).join(', ')}`;
    expect(refused.status).toBe(400);
    expect(refused.error).toBe(`The request has fields it does not take: ${named} and 19,991 more`);
    expect(JSON.stringify(refused).length).toBeLessThan(1_000);
  });

  it('give messages for at most 50 fields, their names cut to 100 characters', () => {
    const body = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`${i}${'y'.repeat(200)}`, 'x']),
    );

    const refused = refusal(z.record(z.string(), z.number()), body);

    expect(Object.keys(refused.fields)).toHaveLength(50);
    expect(Object.keys(refused.fields)[0]).toBe(`0${'y'.repeat(99)}…`);
    expect(JSON.stringify(refused).length).toBeLessThan(10_000);
  });

  it('keep a field named like a property every object has as a field like any other', () => {
    const refused = refusal(z.record(z.string(), z.number()), { toString: 'x', valueOf: 'y' });

    expect(refused.fields).toEqual({ toString: 'must be a number', valueOf: 'must be a number' });
  });
});
