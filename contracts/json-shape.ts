/**
 * The shapes of JSON the API takes (issue 20): a request body — or a form field holding JSON — nested too
 * deeply, holding too many keys and items, or naming a key that reaches an object's prototype is refused
 * before it is parsed, so no schema, handler or recursive library under them (DynamoDB's marshalling,
 * JSON.stringify) ever sees one.
 */

/** Levels of objects and arrays: templates save 17 deep; 128 takes page elements nested 60 deep. */
export const MAX_JSON_DEPTH = 128;

/** Keys and list items: 100 template pages (a site's most) hold ~10,000; 150,000 takes pages 15× as rich. */
export const MAX_JSON_ITEMS = 150_000;

/** Free-form maps kept in a table item (settings, metadata): DynamoDB refuses nesting over 32 levels. */
export const MAX_STORED_JSON_DEPTH = 16;

/** Keys that reach an object's prototype when code assigns them (`target[key] = …`) or reads them back. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
/** What the prototype keys may look like as written: 9 or 11 characters, 14 to 66 with `\uXXXX` escapes. */
const PLAIN_KEY_LENGTHS: ReadonlySet<number> = new Set([9, 11]);
const SHORTEST_ESCAPED_KEY = 9 + 5;
const LONGEST_ESCAPED_KEY = 11 * 6;
const KEY_STARTS: ReadonlySet<number> = new Set([0x5f, 0x63, 0x70, BACKSLASH]); // _ c p \

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** The index of the quote that closes the string opened at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** The key a string at `start`…`end` (its quotes) names when a colon follows it, if it is a prototype key. */
function prototypeKeyAt(text: string, start: number, end: number): string | undefined {
  // most strings are told apart by their length and first character, before anything is sliced
  const length = end - start - 1;
  if (!PLAIN_KEY_LENGTHS.has(length) && (length < SHORTEST_ESCAPED_KEY || length > LONGEST_ESCAPED_KEY))
    return undefined;
  if (!KEY_STARTS.has(text.charCodeAt(start + 1))) return undefined;
  let next = end + 1;
  while (isSpace(text.charCodeAt(next))) next += 1;
  if (text.charCodeAt(next) !== COLON) return undefined;
  let key = text.slice(start + 1, end);
  if (key.includes('\\')) {
    try {
      key = JSON.parse(text.slice(start, end + 1)) as string;
    } catch {
      return undefined;
    }
  }
  return PROTOTYPE_KEYS.has(key) ? key : undefined;
}

/**
 * What is wrong with the shape of a JSON text, as the rest of a sentence about it ("is nested too deeply (at
 * most 128 levels)"), or undefined. One pass over the text, before anything is built from it: no recursion,
 * strings skipped with indexOf. Text that is not JSON gets no verdict here (JSON.parse gives it one).
 */
export function jsonShapeProblem(text: string): string | undefined {
  let depth = 0;
  let items = 0;
  // a container was just opened: its first key or item is yet to be counted (later ones follow a comma)
  let opened = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (isSpace(code)) continue;
    if (opened) {
      opened = false;
      if (code !== CLOSE_OBJECT && code !== CLOSE_ARRAY) items += 1;
    }
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (end === -1) return undefined;
      const key = prototypeKeyAt(text, at, end);
      if (key) return `may not contain a field named "${key}"`;
      at = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return `is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
      opened = true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1;
    } else if (code === COMMA) {
      items += 1;
    }
    if (items > MAX_JSON_ITEMS)
      return `has too many fields and list items (at most ${MAX_JSON_ITEMS.toLocaleString('en-US')})`;
  }
  return undefined;
}

/** How many levels of objects and arrays a parsed value has (0 for text, numbers…), walked without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}
