import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { badRequest } from './errors.ts';

// zod/mini loads no locale (every message would be "Invalid input"). Only `en`: `z.locales` bundles them all.
z.config(en());

export type RequestPart = 'path' | 'query' | 'body';

/** A readable message for one zod issue; a missing value reads "is required". */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  if (issue.code === 'unrecognized_keys') return `is not allowed: ${issue.keys.join(', ')}`;
  return issue.message;
}

/**
 * Validates one part of the request against its schema. On failure: 400 with a message naming the first
 * field and every field's message in `fields`.
 */
export function validatePart<S extends z.ZodMiniType>(
  part: RequestPart,
  schema: S,
  value: unknown,
): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : part;
    fields[key] ??= issueMessage(issue);
  }
  const [firstField, firstMessage] = Object.entries(fields)[0] ?? [part, 'is invalid'];
  return badRequestFor(part, firstField, firstMessage, fields);
}

function badRequestFor(
  part: RequestPart,
  field: string,
  message: string,
  fields: Record<string, string>,
): never {
  const where = field === part ? part : `${part} field "${field}"`;
  throw badRequest(`Invalid ${where}: ${message}`, fields);
}
