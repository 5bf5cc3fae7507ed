import * as z from 'zod/mini';
import { ERROR_CODE_NAMES, type ErrorCode } from '../error-codes.ts';
import { ROLES } from '../plans.ts';

/** Identifiers are opaque strings: Cognito subs, ULIDs or UUIDs. */
export const id = z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128, 'must be at most 128 characters'));

export const idParam = z.object({ id });

/** Every error answer of the API: the text to show and the stable code to decide by (contracts/error-codes.ts). */
export const errorBody = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODE_NAMES),
  /** validation_failed: the message of each invalid field, by its name */
  fields: z.optional(z.record(z.string(), z.string())),
  /** a finer reason some answers give: `accepted` (409 invitation), `expired` or the link's state (410), `stale_website` (412), `disguised_file` (415) */
  reason: z.optional(z.string()),
  /** limit_reached, not_in_plan: the feature, its use and the plan's maximum */
  feature: z.optional(z.string()),
  current: z.optional(z.number()),
  maximum: z.optional(z.nullable(z.number())),
  /** rate_limited (a website's lead form): the seconds until another is taken, as `Retry-After` */
  retry_after: z.optional(z.number()),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const PAYWALL_REASONS = [
  'payment_failed',
  'subscription_expired',
  'usage_limit_reached',
  'premium_feature',
] as const satisfies readonly ErrorCode[];

/** The 402 body that opens the paywall modal (spec §7 Global behaviour, §8 Paywall). */
export const paywallBody = z.object({
  paywall: z.literal(true),
  /** the message again, under the key every error answer has */
  error: z.string(),
  /** the reason again, as every error answer's `code` */
  code: z.enum(PAYWALL_REASONS),
  reason: z.enum(PAYWALL_REASONS),
  message: z.string(),
  action: z.string(),
  feature: z.optional(z.string()),
  current: z.optional(z.number()),
  maximum: z.optional(z.nullable(z.number())),
});
export type PaywallBody = z.infer<typeof paywallBody>;

export const okBody = z.object({ ok: z.literal(true) });

export const role = z.enum(ROLES);

/** A whole number from query text, between `min` and `max`, `fallback` when absent. */
export const queryInt = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);

export const pageQuery = z.object({
  page: queryInt(1, 10_000, 1),
  limit: queryInt(1, 100, 10),
});

export const pagination = z.object({
  page: z.number(),
  totalPages: z.number(),
  limit: z.number(),
  totalItems: z.number(),
});

/** An opaque list cursor from the query string. */
export const cursor = z.optional(z.string().check(z.maxLength(2048)));

/** A cursor-paginated list: `cursor` is opaque and absent on the last page. */
export const cursorQuery = z.object({
  cursor,
  limit: queryInt(1, 100, 25),
});

export const isoDate = z.iso.datetime({ offset: true });
export const url = z.url().check(z.maxLength(2048));
