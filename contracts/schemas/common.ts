import * as z from 'zod';
import { ROLES } from '../plans.ts';

/** Identifiers are opaque strings: Cognito subs, ULIDs or UUIDs. */
export const id = z.string().trim().min(1, 'is required').max(128, 'must be at most 128 characters');

export const idParam = z.object({ id });

export const errorBody = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
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
  reason: z.enum(PAYWALL_REASONS),
  message: z.string(),
  action: z.string(),
  feature: z.string().optional(),
  current: z.number().optional(),
  maximum: z.number().nullable().optional(),
});
export type PaywallBody = z.infer<typeof paywallBody>;

export const okBody = z.object({ ok: z.literal(true) });

export const role = z.enum(ROLES);

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const pagination = z.object({
  page: z.number(),
  totalPages: z.number(),
  limit: z.number(),
  totalItems: z.number(),
});

/** A cursor-paginated list: `cursor` is opaque and absent on the last page. */
export const cursorQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const isoDate = z.string().datetime({ offset: true });
export const url = z.string().url().max(2048);
