import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { propertyCreate, propertyUpdate } from '#contracts/schemas/properties';

// zod/mini loads no locale; the schemas' own messages cover nearly everything, `en` the rest.
z.config(en());

/** Messages per field, as the form shows them ("Price must be a number"). */
export type FieldErrors = Record<string, string>;

export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  price: 'Price',
  currency: 'Currency',
  street_address: 'Street address',
  city: 'City',
  area: 'Area',
  bedrooms_count: 'Bedrooms',
  bathrooms_count: 'Bathrooms',
  size: 'Size',
  measurement_metric: 'Area unit',
  furnishing: 'Furnishing',
  status: 'Status',
  collaborator_commission: 'Collaborator commission',
  description: 'Description',
  additionalFeatures: 'Additional features',
  closeTo: 'Close to',
  views: 'Views',
  video_link: 'Video link',
  virtual_tour_link: 'Virtual tour link',
  metaDetails: 'Details',
  deed_verified: 'Deed verified',
  owner_acknowledged: 'Owner acknowledged',
  fileKeys: 'Photos',
  files: 'Photos',
};

/** "is required" under Price reads "Price is required". */
export const fieldMessage = (field: string, message: string) =>
  `${FIELD_LABELS[field] ?? 'This field'} ${message}`;

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

/** The API's own rules for a new property, on the form's text fields (as the multipart body carries them). */
export function validateNewProperty(fields: Record<string, string>): FieldErrors {
  const result = propertyCreate.safeParse(fields, { reportInput: true });
  return result.success ? {} : errorsOf(result.error.issues);
}

export function validatePropertyChanges(fields: Record<string, string>): FieldErrors {
  const result = propertyUpdate.safeParse(fields, { reportInput: true });
  if (result.success) return {};
  const errors = errorsOf(result.error.issues);
  // "must change at least one field" is no one field's problem
  if (errors.form) errors.form = 'Change at least one field';
  return errors;
}

/** The API's 400 `fields` in the form's wording. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const fields = (error as { data?: { fields?: unknown } } | undefined)?.data?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([field, message]) => {
        const name = field.split('.')[0]!;
        return [name === 'fileKeys' ? 'files' : name, fieldMessage(name, message)];
      }),
  );
}
