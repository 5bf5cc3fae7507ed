import * as z from 'zod/mini';
import { jsonDepth, jsonShapeProblem, MAX_STORED_JSON_DEPTH } from '../json-shape.ts';
import { MAX_UPLOAD_BYTES } from '../plans.ts';

/**
 * Multipart bodies: every field arrives as text (repeated names as a list). Files arrive as S3 keys of objects
 * uploaded with a presigned POST (`fileKeys`), or, when small, inline as file parts that the body parser keeps
 * apart from the fields. These helpers turn form text into the values the JSON bodies use; an empty field
 * counts as missing.
 */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** Runs `prepare` on the raw field before `schema` (zod's preprocess); `prepare` may report an issue. */
const preprocess = <T extends z.ZodMiniType>(
  prepare: (value: unknown, ctx: z.core.ParsePayload) => unknown,
  schema: T,
) => z.pipe(z.transform(prepare), schema);

/** A text field; '' is missing, so an optional field may be sent empty. */
export const formText = <T extends z.ZodMiniType>(schema: T) => preprocess(blankAsMissing, schema);

/** A numeric field: "12.5" → 12.5; text that is not a number fails the schema's number check. */
export const formNumber = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => {
    const present = blankAsMissing(value);
    return typeof present === 'string' ? Number(present.trim()) : present;
  }, schema);

const TRUE_TEXT = new Set(['true', '1', 'on', 'yes']);
const FALSE_TEXT = new Set(['false', '0', 'off', 'no']);

/** A checkbox-like field: true/false, 1/0, on/off, yes/no. */
export const formBoolean = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => {
    const present = blankAsMissing(value);
    if (typeof present !== 'string') return present;
    const text = present.trim().toLowerCase();
    if (TRUE_TEXT.has(text)) return true;
    if (FALSE_TEXT.has(text)) return false;
    return present;
  }, schema);

/** A field's JSON, its shape checked first as a JSON body's is (contracts/json-shape.ts). */
const parseJsonText = (text: string, ctx: z.core.ParsePayload): unknown => {
  const problem = jsonShapeProblem(text);
  if (problem) {
    ctx.issues.push({ code: 'custom', message: problem, input: text });
    return z.NEVER;
  }
  try {
    return JSON.parse(text);
  } catch {
    // left as text so the schema reports a type error for the field instead of a server error
    return text;
  }
};

/** A list field: repeated fields, a JSON array in one field, or a single value. */
export const formList = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value, ctx) => {
    const present = blankAsMissing(value);
    if (typeof present !== 'string') return present;
    return present.trim().startsWith('[') ? parseJsonText(present, ctx) : [present];
  }, schema);

/** A JSON-encoded field (metaDetails, metadata). */
export const formJson = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value, ctx) => {
    const present = blankAsMissing(value);
    return typeof present === 'string' ? parseJsonText(present, ctx) : present;
  }, schema);

/** A short free-text list entry (features, nearby places, views, tags). */
export const listEntry = z
  .string()
  .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100, 'must be at most 100 characters'));

/** A JSON object of free metadata, bounded so it fits comfortably in one table item. */
export const metadataObject = z.record(z.string().check(z.maxLength(100)), z.unknown()).check(
  z.refine(
    (value) => jsonDepth(value) <= MAX_STORED_JSON_DEPTH,
    `must be nested at most ${MAX_STORED_JSON_DEPTH} levels deep`,
  ),
  z.refine((value) => JSON.stringify(value).length <= 10_000, 'must be at most 10000 characters as JSON'),
);

/**
 * The S3 key of an uploaded object, as returned in the `fields.key` of a presigned POST. Handlers must still
 * check that the key lies under the caller's own upload prefix.
 */
export const fileKey = z.string().check(
  z.trim(),
  z.minLength(1, 'is required'),
  z.maxLength(1024, 'must be at most 1024 characters'),
  z.regex(/^uploads\/[^\\]+$/, 'must be an upload key issued by the API'),
  z.refine((key) => !key.split('/').includes('..'), 'must be an upload key issued by the API'),
);

export const fileKeyList = (max: number) =>
  z.array(fileKey).check(z.maxLength(max, `must have at most ${max} files`));

/** An optional list of upload keys in a multipart body. */
export const fileKeys = (max: number) => formList(z.optional(fileKeyList(max)));

/** A file name as the user sees it; no path separators. */
export const fileName = z.string().check(
  z.trim(),
  z.minLength(1, 'is required'),
  z.maxLength(255, 'must be at most 255 characters'),
  z.refine((name) => !/[/\\]/.test(name) && !name.includes('\u0000'), 'must not contain / or \\'),
  z.refine((name) => name !== '.' && name !== '..', 'is not a valid name'),
);

/** Spec §8: the wording the upload screen shows for a file over the limit. */
export const FILE_TOO_LARGE_MESSAGE = 'File size exceeds the 100MB limit. Please upload a smaller file.';

/** A 0-byte file: what the upload screen says, and what the API answers (not "must not be empty"). */
export const EMPTY_FILE_MESSAGE = 'This file is empty (0 bytes): there is nothing to upload.';

export const fileSize = z
  .number({ error: 'must be a number of bytes' })
  .check(
    z.int('must be a whole number of bytes'),
    z.minimum(1, EMPTY_FILE_MESSAGE),
    z.maximum(MAX_UPLOAD_BYTES, FILE_TOO_LARGE_MESSAGE),
  );

export const mimeType = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(255),
    z.regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/, 'must be a MIME type like image/png'),
  );

/**
 * A presigned S3 POST: the browser posts `fields` plus the file to `url` (policy with content-length-range up
 * to the 100 MB maximum), then confirms the upload.
 */
export const presignedPost = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
