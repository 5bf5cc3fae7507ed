import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_STORED_JSON_DEPTH } from './json-shape.ts';
import { metadataObject } from './schemas/forms.ts';
import { websiteSettings } from './schemas/websites.ts';

/** A value `levels` deep: objects inside objects around the number 1. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
};

describe('JSON shapes', () => {
  it('measures depth without recursion, however deep the value', () => {
    expect(jsonDepth('text')).toBe(0);
    expect(jsonDepth({ a: [1, { b: [] }], c: {} })).toBe(4);
    expect(jsonDepth(nested(200_000))).toBe(200_000);
  });

  it('keeps maps stored in a table item within the nesting DynamoDB takes', () => {
    for (const schema of [metadataObject, websiteSettings]) {
      expect(schema.safeParse({ extra: nested(MAX_STORED_JSON_DEPTH - 1) }).success).toBe(true);
      const refused = schema.safeParse({ extra: nested(MAX_STORED_JSON_DEPTH) });
      expect(refused.error?.issues[0]?.message).toBe(
        `must be nested at most ${MAX_STORED_JSON_DEPTH} levels deep`,
      );
    }
  });
});
