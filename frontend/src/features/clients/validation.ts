import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { fieldMessage } from '#contracts/field-labels';
import { clientCreate, clientUpdate } from '#contracts/schemas/clients';

// zod/mini loads no locale; the schemas' own messages cover nearly everything, `en` the rest.
z.config(en());

/** Messages per field, as the form shows them ("Email must be a valid email address"). */
export type FieldErrors = Record<string, string>;

function errorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    errors[field] ??= fieldMessage(field, message);
  }
  return errors;
}

/** The same rules the API applies (the contract's schemas), run in the browser before sending. */
export function validateNewClient(value: unknown) {
  const result = clientCreate.safeParse(value, { reportInput: true });
  return result.success
    ? { data: result.data, errors: {} }
    : { data: undefined, errors: errorsOf(result.error.issues) };
}

export function validateClientPatch(value: unknown) {
  const result = clientUpdate.safeParse(value, { reportInput: true });
  return result.success
    ? { data: result.data, errors: {} }
    : { data: undefined, errors: errorsOf(result.error.issues) };
}

/** The API's 400 `fields` (message per field name) in the form's wording. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const data = (error as { status?: unknown; data?: { fields?: unknown } } | undefined)?.data;
  const fields = data?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([field, message]) => [field.split('.')[0]!, fieldMessage(field.split('.')[0]!, message)]),
  );
}
