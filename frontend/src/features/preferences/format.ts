import { convertAmount, EXCHANGE_RATES_SNAPSHOT, SQFT_PER_SQM } from '#contracts/exchange-rates';

/**
 * Pure conversions behind the preference hooks (usePreferences.ts); no React, no zod, a few hundred bytes.
 * A listing's price is stored in the currency it was entered in; rates are units per 1 USD. Sizes are sqm
 * or sqft, stored with their unit.
 */

export type AreaUnit = 'sqm' | 'sqft';

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * An Intl.NumberFormat made once per locale and options. `Number#toLocaleString` and a new
 * Intl.NumberFormat per call build the locale's formatter each time: on the mobile profile page the
 * sidebar's four counts alone took 187 ms of a throttled phone's main thread (a CPU profile of
 * `npm run bench:page-load`), more than rendering the rest of the page.
 */
export function numberFormat(locale?: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** `1,292`: a count in the reader's locale (or `locale`). */
export const formatCount = (value: number, locale?: string): string => numberFormat(locale).format(value);

/** An amount in USD in `currency`; an unknown currency (no rate) stays in USD. */
export function convertFromUsd(amountUsd: number, currency: string, rates: Record<string, number>): number {
  const rate = rates[currency];
  return rate ? amountUsd * rate : amountUsd;
}

/** `€425,000` — whole units for amounts of 1,000 or more, cents below. */
export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  try {
    return numberFormat(locale, {
      style: 'currency',
      currency,
      maximumFractionDigits: Math.abs(amount) >= 1000 ? 0 : 2,
    }).format(amount);
  } catch {
    return `${currency} ${formatCount(Math.round(amount), locale)}`;
  }
}

/** A USD amount shown in `currency` (the bundled snapshot's rates when none are given). */
export function formatPriceIn(
  amountUsd: number,
  currency: string,
  rates: Record<string, number> = EXCHANGE_RATES_SNAPSHOT.rates,
  locale?: string,
): string {
  const known = Boolean(rates[currency]);
  return formatMoney(convertFromUsd(amountUsd, currency, rates), known ? currency : 'USD', locale);
}

/** A listing's price for one viewer: as entered, and about what it is in the viewer's currency. */
export interface ListingPrice {
  /** `€450,000`: exactly what the listing agent entered, in its currency */
  original: string;
  /** `$523,000`: the viewer's currency by the rates, when it is another one (and both have rates) */
  converted?: string;
  /** `€450,000 (≈ $523,000)` or `€450,000` */
  text: string;
}

/**
 * A price entered in `from` as `viewer` reads it: the agent who entered it (same currency) sees exactly
 * what they typed; everyone else sees it with its conversion into their currency beside it.
 */
export function formatListingPrice(
  amount: number,
  from: string,
  viewer: string,
  rates: Record<string, number> = EXCHANGE_RATES_SNAPSHOT.rates,
  locale?: string,
): ListingPrice {
  const original = formatMoney(amount, from, locale);
  if (from === viewer || !rates[from] || !rates[viewer]) return { original, text: original };
  const converted = formatMoney(convertAmount(amount, from, viewer, rates), viewer, locale);
  return { original, converted, text: `${original} (≈ ${converted})` };
}

/** `450,000`: a price as the form shows it for editing (separators, cents only when there are some). */
export const formatAmountInput = (amount: number): string =>
  numberFormat('en-US', { maximumFractionDigits: 2, useGrouping: true }).format(amount);

/** A size from one unit to another. */
export function convertArea(value: number, from: AreaUnit, to: AreaUnit): number {
  if (from === to) return value;
  return from === 'sqm' ? value * SQFT_PER_SQM : value / SQFT_PER_SQM;
}

/** `1,292 sqft` — a size (given in `from`, sqm by default) shown in `to`, rounded to whole units. */
export function formatAreaIn(value: number, to: AreaUnit, from: AreaUnit = 'sqm', locale = 'en-US'): string {
  const converted = convertArea(value, from, to);
  return `${formatCount(Math.round(converted), locale)} ${to}`;
}

/** `30 Jun 2025` for a YYYY-MM-DD date (read as UTC, so no time zone shifts the day). */
export function formatRatesDate(date: string, locale = 'en-GB'): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
