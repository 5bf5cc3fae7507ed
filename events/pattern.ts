import type { EventPattern, PatternValue } from '../contracts/event-rules.ts';

/**
 * EventBridge's matching for the subset of the pattern language our rules use. The local bus matches with
 * this; AWS matches the same patterns natively (the infra tests pass the same objects to CDK).
 */
export function matchesPattern(event: Record<string, unknown>, pattern: EventPattern): boolean {
  return matchObject(event, pattern as Record<string, unknown>);
}

function matchObject(value: unknown, pattern: Record<string, unknown>): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(pattern).every(([key, expected]) =>
    Array.isArray(expected)
      ? matchValue(record[key], expected as PatternValue[])
      : matchObject(record[key], expected as Record<string, unknown>),
  );
}

function matchValue(value: unknown, alternatives: PatternValue[]): boolean {
  const values = Array.isArray(value) ? value : [value];
  return alternatives.some((alternative) => {
    if (typeof alternative !== 'object') return values.includes(alternative);
    if ('exists' in alternative) return (value !== undefined) === alternative.exists;
    if ('prefix' in alternative)
      return values.some((v) => typeof v === 'string' && v.startsWith(alternative.prefix));
    return value !== undefined && values.every((v) => !alternative['anything-but'].includes(String(v)));
  });
}
