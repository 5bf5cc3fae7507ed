import { useCallback, useMemo } from 'react';
import { EXCHANGE_RATES_SNAPSHOT } from '#contracts/exchange-rates';
import { useAppSelector } from '../../app/hooks.ts';
import { selectAgentId } from '../auth/authSlice.ts';
import {
  useGetCurrencyPreferenceQuery,
  useGetExchangeRatesQuery,
  useGetMetricPreferenceQuery,
} from './api.ts';
import {
  type AreaUnit,
  convertArea,
  convertFromUsd,
  formatAreaIn,
  formatListingPrice,
  formatPriceIn,
  formatRatesDate,
} from './format.ts';

/**
 * Display preferences for any screen that shows prices or sizes (properties, clients, dashboard).
 *
 *   const { formatPrice, currency, ratesDate, ratesNote } = useCurrency();
 *   formatPrice(425000)          // "€362,610" — a USD amount in the agent's currency
 *   listingPrice(450000, 'EUR').text // "€450,000" for an EUR agent, "€450,000 (≈ $523,000)" for a USD one
 *   ratesNote                    // "Rates of 30 Jun 2025" — show it wherever prices are converted
 *                                //   (empty while the currency is USD: nothing is converted)
 *
 *   const { formatArea, unit } = useAreaUnit();
 *   formatArea(120)              // "1,292 sqft" — a size in sqm, in the agent's unit
 *   formatArea(1500, 'sqft')     // "139 sqm"   — a size stored with its own measurement_metric
 *
 * Both read the signed-in agent's saved preference (defaults USD and sqm while it loads or without one)
 * and the exchange rates of GET /api/exchange-rates (the bundled snapshot until they arrive). Changing
 * a preference on /settings updates every screen at once. Pure versions without React are in format.ts.
 */
export function useCurrency() {
  const agentId = useAppSelector(selectAgentId);
  const { data: preference } = useGetCurrencyPreferenceQuery(agentId ?? '', { skip: !agentId });
  const { data: exchange } = useGetExchangeRatesQuery();
  const currency = preference?.currency_preference ?? 'USD';
  const rates = exchange?.rates ?? EXCHANGE_RATES_SNAPSHOT.rates;
  const ratesDate = exchange?.date ?? EXCHANGE_RATES_SNAPSHOT.date;

  const formatPrice = useCallback(
    (amountUsd: number) => formatPriceIn(amountUsd, currency, rates),
    [currency, rates],
  );
  const listingPrice = useCallback(
    (price: number, priceCurrency: string) => formatListingPrice(price, priceCurrency, currency, rates),
    [currency, rates],
  );
  const convert = useCallback(
    (amountUsd: number) => convertFromUsd(amountUsd, currency, rates),
    [currency, rates],
  );

  return useMemo(
    () => ({
      /** ISO code of the agent's display currency */
      currency,
      /** units of each currency per 1 USD */
      rates,
      /** YYYY-MM-DD: the day the rates are from */
      ratesDate,
      /** "Rates of 30 Jun 2025", or '' when prices are shown in USD unconverted */
      ratesNote: currency === 'USD' ? '' : `Rates of ${formatRatesDate(ratesDate)}`,
      formatPrice,
      /** a listing's price as entered, with its conversion into the agent's currency when another */
      listingPrice,
      convert,
    }),
    [currency, rates, ratesDate, formatPrice, listingPrice, convert],
  );
}

export function useAreaUnit() {
  const agentId = useAppSelector(selectAgentId);
  const { data } = useGetMetricPreferenceQuery(agentId ?? '', { skip: !agentId });
  const unit: AreaUnit = data?.preference ?? 'sqm';
  const formatArea = useCallback(
    (value: number, from: AreaUnit = 'sqm') => formatAreaIn(value, unit, from),
    [unit],
  );
  const toPreferred = useCallback(
    (value: number, from: AreaUnit = 'sqm') => convertArea(value, from, unit),
    [unit],
  );
  return useMemo(() => ({ unit, formatArea, toPreferred }), [unit, formatArea, toPreferred]);
}

export { formatRatesDate };
