import { EXCHANGE_RATES_SNAPSHOT, SQFT_PER_SQM } from '#contracts/exchange-rates';

/**
 * Pure conversions behind the preference hooks (usePreferences.ts); no React, no zod, a few hundred bytes.
 * Prices are stored in USD; rates are units per 1 USD. Sizes are sqm or sqft.
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
