import { type CurrencyCode, isCurrencyCode, RATES_BASE, usdValueOf } from '#contracts/exchange-rates';
import { AgentPreferences } from '#functions/preferences/entities';
import { currentExchangeRates } from '#functions/preferences/exchange-rates';
import {
  currencyScope,
  Property,
  PropertyChangedError,
  PropertyEntry,
  type PropertyItem,
  writeProperty,
} from './entities.ts';

/**
 * Listing prices in the agent's currency (docs/decisions.md "Prices in the agent's currency"): a price is
 * stored as entered with its currency; its search entries sort and filter by its USD value by the stored
 * rates (`price_usd`), so a price band or a price sort compares listings of every currency alike.
 */

/** The currency a new listing's price is in when the form names none: the agent's display currency. */
export async function listingCurrencyOf(agentId: string): Promise<CurrencyCode> {
  const preference = (await AgentPreferences.get({ agent_id: agentId }))?.currency_preference;
  return preference && isCurrencyCode(preference) ? preference : RATES_BASE;
}

/** The USD value of a listing by `rates`; undefined for a USD price (it is its own value). */
function usdValue(property: Pick<PropertyItem, 'price' | 'currency'>, rates: Record<string, number>) {
  const currency = property.currency ?? RATES_BASE;
  return currency === RATES_BASE ? undefined : usdValueOf(property.price, currency, rates);
}

/**
 * The listing with the USD value its search entries sort and filter by (`price_usd`), by the rates stored
 * now; a USD price is its own value. Computed on every save, so a saved listing follows the latest rates.
 */
export async function withIndexedPrice(
  property: PropertyItem,
  rates?: Record<string, number>,
): Promise<PropertyItem> {
  const { price_usd: _previous, ...rest } = property;
  if ((property.currency ?? RATES_BASE) === RATES_BASE) return rest;
  const value = usdValue(property, rates ?? (await currentExchangeRates()).rates);
  return { ...rest, price_usd: value! };
}

export interface ReindexReport {
  /** listings in another currency than USD that were compared with the rates */
  checked: number;
  /** listings whose search entries moved to their value by the new rates */
  reindexed: number;
  /** false when the time ran out first (the next refresh goes on) */
  complete: boolean;
}

/**
 * After new rates are stored: every listing priced in another currency than USD (found by its currency's
 * entry partition, one bounded Query page at a time) gets its search entries at its value by those rates.
 * A listing whose value is unchanged is left alone; one saved meanwhile (its version moved) already took
 * the new rates with its save.
 */
export async function reindexListingPrices(
  rates: Record<string, number>,
  options: {
    timeLeft?: () => number;
    /** only the listings priced in these (default: every currency with a rate) */
    currencies?: readonly string[];
  } = {},
): Promise<ReindexReport> {
  const report: ReindexReport = { checked: 0, reindexed: 0, complete: true };
  const timeLeft = options.timeLeft ?? (() => Number.POSITIVE_INFINITY);
  const currencies = options.currencies ?? Object.keys(rates);
  for (const currency of currencies.filter((code) => code !== RATES_BASE)) {
    let cursor: string | undefined;
    do {
      if (timeLeft() < 10_000) return { ...report, complete: false };
      const page = await PropertyEntry.query(
        'primary',
        { scope: currencyScope(currency) },
        { limit: 100, ...(cursor ? { cursor } : {}) },
      );
      const ids = page.items.map((entry) => entry.order_key.slice(entry.order_key.lastIndexOf('#') + 1));
      const listings = await Property.getMany(ids.map((property_id) => ({ property_id })));
      for (const listing of listings) {
        report.checked += 1;
        if (usdValue(listing, rates) === listing.price_usd) continue;
        try {
          await writeProperty(listing, {
            ...(await withIndexedPrice(listing, rates)),
            version: listing.version + 1,
          });
          report.reindexed += 1;
        } catch (error) {
          if (!(error instanceof PropertyChangedError)) throw error;
        }
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return report;
}
