/**
 * The currencies the app converts prices into, and the bundled exchange-rate snapshot: the offline
 * default until the scheduled refresh (events/consumers/refresh-exchange-rates.ts) stores newer rates
 * from the configured provider. Rates are units of the currency per 1 USD. A listing's price is stored in
 * the currency it was entered in (its `currency`) and converted for everyone else with these rates.
 * Zod-free, so the browser can import it without weight.
 */

export const RATES_BASE = 'USD';

export const CURRENCIES = [
  { code: 'USD', name: 'US dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'British pound' },
  { code: 'CAD', name: 'Canadian dollar' },
  { code: 'AUD', name: 'Australian dollar' },
  { code: 'NZD', name: 'New Zealand dollar' },
  { code: 'CHF', name: 'Swiss franc' },
  { code: 'JPY', name: 'Japanese yen' },
  { code: 'CNY', name: 'Chinese yuan' },
  { code: 'HKD', name: 'Hong Kong dollar' },
  { code: 'SGD', name: 'Singapore dollar' },
  { code: 'INR', name: 'Indian rupee' },
  { code: 'AED', name: 'UAE dirham' },
  { code: 'ZAR', name: 'South African rand' },
  { code: 'BRL', name: 'Brazilian real' },
  { code: 'MXN', name: 'Mexican peso' },
  { code: 'SEK', name: 'Swedish krona' },
  { code: 'NOK', name: 'Norwegian krone' },
  { code: 'DKK', name: 'Danish krone' },
  { code: 'PLN', name: 'Polish złoty' },
  { code: 'TRY', name: 'Turkish lira' },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
export const CURRENCY_CODES = CURRENCIES.map((currency) => currency.code) as unknown as readonly [
  CurrencyCode,
  ...CurrencyCode[],
];

export const isCurrencyCode = (code: string): code is CurrencyCode =>
  (CURRENCY_CODES as readonly string[]).includes(code);

export interface ExchangeRatesSnapshot {
  base: typeof RATES_BASE;
  /** the day the rates are from, YYYY-MM-DD */
  date: string;
  rates: Record<CurrencyCode, number>;
}

/**
 * Reference rates per 1 USD, shipped with the app so a stage without a provider, or offline (the local
 * cloud never reaches the internet), still converts; the date is shown next to every converted price.
 * The values are rounded mid-market rates of the day named by `date` (about 1% precision), written down
 * when this snapshot was made, not fetched: the scheduled refresh replaces them where a provider is set.
 */
export const EXCHANGE_RATES_SNAPSHOT: ExchangeRatesSnapshot = {
  base: RATES_BASE,
  date: '2025-11-14',
  rates: {
    USD: 1,
    EUR: 0.8598,
    GBP: 0.7598,
    CAD: 1.4045,
    AUD: 1.5305,
    NZD: 1.7668,
    CHF: 0.7943,
    JPY: 154.55,
    CNY: 7.1006,
    HKD: 7.7722,
    SGD: 1.3015,
    INR: 88.72,
    AED: 3.6725,
    ZAR: 17.18,
    BRL: 5.3001,
    MXN: 18.3224,
    SEK: 9.4696,
    NOK: 10.0606,
    DKK: 6.4212,
    PLN: 3.6423,
    TRY: 42.27,
  },
};

/** An amount in `from` expressed in `to` (rates per 1 USD); a currency without a rate counts as USD. */
export function convertAmount(
  amount: number,
  from: string,
  to: string,
  rates: Readonly<Record<string, number>>,
): number {
  if (from === to) return amount;
  const fromRate = rates[from] || 1;
  const toRate = rates[to] || 1;
  return (amount / fromRate) * toRate;
}

/**
 * The USD value of an amount, to the cent: what listings are indexed, sorted and searched by, so prices
 * of different currencies compare like with like.
 */
export const usdValueOf = (amount: number, currency: string, rates: Readonly<Record<string, number>>) =>
  Math.round(convertAmount(amount, currency, RATES_BASE, rates) * 100) / 100;

/** Square feet in one square metre (exact: 1 ft = 0.3048 m). */
export const SQFT_PER_SQM = 1 / (0.3048 * 0.3048);
