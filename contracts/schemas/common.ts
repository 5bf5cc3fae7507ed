import * as z from 'zod/mini';
import { ROLES } from '../plans.ts';

/** Identifiers are opaque strings: Cognito subs, ULIDs or UUIDs. */
export const id = z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128, 'must be at most 128 characters'));

export const idParam = z.object({ id });

export const errorBody = z.object({
  error: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const PAYWALL_REASONS = [
  'payment_failed',
  'subscription_expired',
  'usage_limit_reached',
  'premium_feature',
] as const;

/** The 402 body that opens the paywall modal (spec §7 Global behaviour, §8 Paywall). */
export const paywallBody = z.object({
  paywall: z.literal(true),
  /** the message again, under the key every error answer has */
  error: z.string(),
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
