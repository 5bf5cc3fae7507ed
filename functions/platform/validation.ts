import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { fieldMessage } from '#contracts/field-labels';
import { badRequest } from './errors.ts';

// zod/mini loads no locale (every message would be "Invalid input"). Only `en`: `z.locales` bundles them all.
z.config(en());

export type RequestPart = 'path' | 'query' | 'body';

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  date: 'must be a date',
};

/** zod's own English messages ("Too big: expected string to have <=100 characters") start like these. */
const ZOD_DEFAULT = /^(Invalid|Too big|Too small|Unrecognized|Expected)\b/;

/**
 * A refusal stays small whatever the body held (Lambda answers at most 6 MB): it names at most this many
 * unknown fields, cut to this many characters, and gives messages for at most this many fields.
 */
const NAMED_UNKNOWN_FIELDS = 10;
const FIELD_NAME_CHARS = 100;
const MAX_FIELD_MESSAGES = 50;

const shortName = (name: PropertyKey) => {
  const text = String(name);
  return text.length > FIELD_NAME_CHARS ? `${text.slice(0, FIELD_NAME_CHARS)}…` : text;
};

const amount = (value: number | bigint) =>
  typeof value === 'number' && Math.abs(value) >= 10_000 ? value.toLocaleString('en-US') : String(value);

/** zod's default message for an issue, said as the rest of a sentence that starts with the field's name. */
function plainMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? 'is not valid';
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${amount(issue.maximum)} characters`
        : issue.origin === 'array'
          ? `must have at most ${amount(issue.maximum)} items`
          : `must be at most ${amount(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'must not be empty'
          : `must be at least ${amount(issue.minimum)} characters`;
      return issue.origin === 'array'
        ? `must have at least ${amount(issue.minimum)} ${Number(issue.minimum) === 1 ? 'item' : 'items'}`
        : `must be at least ${amount(issue.minimum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return 'is not valid';
  }
}

/** A readable message for one zod issue; a missing value reads "is required". */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  if (issue.code === 'unrecognized_keys') {
    const named = issue.keys.slice(0, NAMED_UNKNOWN_FIELDS).map(shortName).join(', ');
    const more = issue.keys.length - NAMED_UNKNOWN_FIELDS;
    return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} it does not take: ${named}${more > 0 ? ` and ${amount(more)} more` : ''}`;
  }
  return ZOD_DEFAULT.test(issue.message) ? plainMessage(issue) : issue.message;
}

/**
 * Validates one part of the request against its schema. On failure: 400 with a sentence naming the first
 * field as its form labels it ("Full name is required", contracts/field-labels.ts) and every field's
 * message in `fields`, keyed by the API's field names.
 */
export function validatePart<S extends z.ZodMiniType>(
  part: RequestPart,
  schema: S,
  value: unknown,
): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  // a Map: a field named like a property every object has (`constructor`, `toString`) is one like any other
  const fields = new Map<string, string>();
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(shortName).join('.') : part;
    if (fields.has(key)) continue;
    if (fields.size === MAX_FIELD_MESSAGES) break;
    fields.set(key, issueMessage(issue));
  }
  const [firstField, firstMessage] = [...fields][0] ?? [part, 'is invalid'];
  const first = result.error.issues[0];
  // an issue of the whole part (no field: a body that is not an object, an unknown key) names the request
  const sentence =
    first && first.path.length === 0 ? `The request ${firstMessage}` : fieldMessage(firstField, firstMessage);
  throw badRequest(sentence, Object.fromEntries(fields));
}

/** A field the handler itself finds wrong: the same sentence and `fields` entry as a schema refusal. */
export const invalidField = (field: string, message: string) =>
  badRequest(fieldMessage(field, message), { [field]: message });
