import * as z from 'zod/mini';
import { CURRENCY_CODES } from '../exchange-rates.ts';
import { FEATURES } from '../plans.ts';
import { id } from './common.ts';

export { DEFAULT_BRAND_COLORS } from '../values.ts';

/** Spec §3/§9 defaults. */
export const DEFAULT_CURRENCY = 'USD';
export const AREA_UNITS = ['sqm', 'sqft'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];
export const DEFAULT_AREA_UNIT: AreaUnit = 'sqm';

export const agencyIdParam = z.object({ agencyId: id });

export const hexColor = z
  .string({ error: 'is required' })
  .check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #1ab684'));

export const brandColors = z.object({
  agencyId: z.string(),
  color1: z.string(),
  color2: z.string(),
});

export const brandColorsInput = z.strictObject({ agencyId: id, color1: hexColor, color2: hexColor });

/** ISO 4217 code. */
export const currencyCode = z
  .string({ error: 'is required' })
  .check(z.trim(), z.regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like USD'));

export const currencyPreference = z.object({
  agentId: z.string(),
  currency_preference: z.string(),
});

/** A currency the app has exchange rates for (contracts/exchange-rates.ts). */
export const supportedCurrency = z.string({ error: 'is required' }).check(
  z.trim(),
  z.refine((code) => (CURRENCY_CODES as readonly string[]).includes(code), {
    error: `must be one of ${CURRENCY_CODES.join(', ')}`,
  }),
);

export const currencyPreferenceInput = z.strictObject({
  agentId: id,
  currencyPreference: supportedCurrency,
});

/**
 * Exchange rates per 1 USD: the latest the scheduled refresh stored, or the bundled snapshot (`source`),
 * with the day they are from (shown next to converted prices).
 */
export const exchangeRates = z.object({
  base: z.literal('USD'),
  date: z.string(),
  source: z.enum(['provider', 'snapshot']),
  updated_at: z.optional(z.string()),
  rates: z.record(z.string(), z.number()),
  currencies: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const areaUnit = z.enum(AREA_UNITS, { error: `must be one of ${AREA_UNITS.join(', ')}` });

export const metricPreference = z.object({
  agentId: z.string(),
  preference: z.enum(AREA_UNITS),
});

export const metricPreferenceInput = z.strictObject({ agentId: id, preference: areaUnit });

export const featureParam = z.object({
  feature: z.enum(FEATURES, { error: `must be one of ${FEATURES.join(', ')}` }),
});

/** `maximum: null` is Unlimited. For storage, `current` and `maximum` are bytes; for branding, 0 or 1. */
export const featureLimit = z.object({
  feature: z.enum(FEATURES),
  isAtLimit: z.boolean(),
  current: z.number(),
  maximum: z.nullable(z.number()),
});

/** Kinds of notification an agent can switch off on /settings (all on by default). */
export const NOTIFICATION_KINDS = ['connection_requests', 'reputation', 'team', 'product_updates'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const accountSettings = z.object({
  agentId: z.string(),
  notifications: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
  /** the Need Help box's Live Chat toggle */
  live_chat: z.boolean(),
  /** whether the agent answers EstateNet's support inbox (the app shows the inbox link only then) */
  support_staff: z.boolean(),
});

export const accountSettingsInput = z
  .strictObject({
    notifications: z.optional(z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean())),
    live_chat: z.optional(z.boolean()),
  })
  .check(
    z.refine((input) => input.notifications !== undefined || input.live_chat !== undefined, {
      error: 'must name notifications or live_chat',
    }),
  );
