import { convertAmount, RATES_BASE } from '#contracts/exchange-rates';
import { propertiesRoutes } from '#contracts/routes/properties';
import { currentExchangeRates } from '#functions/preferences/exchange-rates';
import { HttpError } from '#platform/errors';
import { withHttp } from '#platform/http';
import { pageView } from './properties.ts';
import { searchProperties } from './property-search.ts';

export const NO_RESULTS_MESSAGE = 'No properties match your search';

/**
 * Filters and sorts the network's listings by key design (functions/properties/property-search.ts): the
 * read capacity of a page follows the page, not the number of properties. Spec §7: 404 when nothing
 * matches (the app shows its no-results state). The price range comes in the searcher's currency and is
 * compared in USD with every listing's USD value (by the stored rates), so a band finds listings of every
 * currency alike.
 */
export const handler = withHttp(propertiesRoutes.searchProperties, async ({ query }) => {
  const { createdFrom, createdTo, city, bedrooms, status, sortBy, page, limit, cursor } = query;
  const { minPrice, maxPrice } = await usdRange(query);
  const result = await searchProperties({
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    ...(createdFrom ? { createdFrom } : {}),
    ...(createdTo ? { createdTo } : {}),
    ...(city ? { city } : {}),
    ...(bedrooms ? { bedrooms } : {}),
    ...(status ? { status } : {}),
    sortBy,
    page,
    limit,
    ...(cursor ? { cursor } : {}),
  });
  if (result.totalItems === 0 && result.totalExact) throw new HttpError(404, NO_RESULTS_MESSAGE);
  return pageView(result, query);
});

/** The price range in USD cents, widened to whole cents outward so a bound typed exactly still matches. */
async function usdRange(query: { minPrice?: number; maxPrice?: number; currency: string }) {
  const { minPrice, maxPrice, currency } = query;
  if (currency === RATES_BASE || (minPrice === undefined && maxPrice === undefined))
    return { minPrice, maxPrice };
  const { rates } = await currentExchangeRates();
  const usd = (amount: number) => convertAmount(amount, currency, RATES_BASE, rates) * 100;
  return {
    minPrice: minPrice === undefined ? undefined : Math.floor(usd(minPrice)) / 100,
    maxPrice: maxPrice === undefined ? undefined : Math.ceil(usd(maxPrice)) / 100,
  };
}
