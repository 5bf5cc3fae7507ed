/**
 * The currencies the app converts prices into, and the bundled exchange-rate snapshot: the offline
 * default until the scheduled refresh (events/consumers/refresh-exchange-rates.ts) stores newer rates
 * from the configured provider. Rates are units of the currency per 1 USD (prices are stored in USD).
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
 * Reference rates per 1 USD (rounded mid-market values of the date shown), shipped with the app so a
 * stage without a provider, or offline, still converts; the date is shown next to every converted price.
 */
export const EXCHANGE_RATES_SNAPSHOT: ExchangeRatesSnapshot = {
  base: RATES_BASE,
  date: '2025-06-30',
  rates: {
    USD: 1,
    EUR: 0.8532,
    GBP: 0.7297,
    CAD: 1.3663,
    AUD: 1.5274,
    NZD: 1.6459,
    CHF: 0.7968,
    JPY: 144.43,
    CNY: 7.1649,
    HKD: 7.8499,
    SGD: 1.2739,
    INR: 85.76,
    AED: 3.6725,
    ZAR: 17.76,
    BRL: 5.4594,
    MXN: 18.8219,
    SEK: 9.5262,
    NOK: 10.1089,
    DKK: 6.3649,
    PLN: 3.6219,
    TRY: 39.83,
  },
};

/** Square feet in one square metre (exact: 1 ft = 0.3048 m). */
export const SQFT_PER_SQM = 1 / (0.3048 * 0.3048);
