import { config } from '#aws/config';
import {
  CURRENCIES,
  CURRENCY_CODES,
  EXCHANGE_RATES_SNAPSHOT,
  type ExchangeRatesSnapshot,
} from '#contracts/exchange-rates';
import { isConditionFailure } from '#platform/data/entity';
import { lte, notExists, or } from '#platform/data/expression';
import { logger } from '#platform/logger';
import { ExchangeRates, type ExchangeRatesItem } from './entities.ts';

/**
 * Exchange rates: the table holds the latest set (units per 1 USD and the day they are from); the bundled
 * snapshot answers until a refresh stored something. The scheduled refresh reads a configurable provider.
 */

export interface ExchangeRatesView {
  base: 'USD';
  date: string;
  source: 'provider' | 'snapshot';
  updated_at?: string;
  rates: Record<string, number>;
  currencies: Array<{ code: string; name: string }>;
}

const currencies = CURRENCIES.map(({ code, name }) => ({ code, name }));

/** What GET /api/exchange-rates answers: the stored rates, or the bundled snapshot. */
export async function currentExchangeRates(): Promise<ExchangeRatesView> {
  const stored = await ExchangeRates.get({ id: 'latest' });
  if (!stored) return { ...EXCHANGE_RATES_SNAPSHOT, source: 'snapshot', currencies };
  return {
    base: 'USD',
    date: stored.date,
    source: stored.source,
    updated_at: stored.updated_at,
    rates: stored.rates,
    currencies,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a provider's answer into rates per 1 USD for every supported currency. Accepts the common shapes
 * `{base|base_code, date|time_last_update_unix|timestamp, rates|conversion_rates}` in any base currency.
 * Anything incomplete or implausible is refused whole: rates of mixed days are never stored.
 */
export function parseProviderRates(body: unknown): ExchangeRatesSnapshot {
  if (typeof body !== 'object' || body === null) throw new Error('the answer is not a JSON object');
  const data = body as Record<string, unknown>;
  const base = String(data.base ?? data.base_code ?? data.source ?? '').toUpperCase();
  const raw = (data.rates ?? data.conversion_rates) as Record<string, unknown> | undefined;
  if (!/^[A-Z]{3}$/.test(base)) throw new Error('no base currency');
  if (typeof raw !== 'object' || raw === null) throw new Error('no rates');
  const date =
    typeof data.date === 'string' && DATE.test(data.date)
      ? data.date
      : typeof data.time_last_update_unix === 'number'
        ? new Date(data.time_last_update_unix * 1000).toISOString().slice(0, 10)
        : typeof data.timestamp === 'number'
          ? new Date(data.timestamp * 1000).toISOString().slice(0, 10)
          : undefined;
  if (!date) throw new Error('no date');
  const perBase: Record<string, number> = { [base]: 1 };
  for (const [code, value] of Object.entries(raw)) {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) perBase[code.toUpperCase()] = value;
  }
  const usd = perBase.USD;
  if (!usd) throw new Error('no USD rate');
  const missing = CURRENCY_CODES.filter((code) => !perBase[code]);
  if (missing.length) throw new Error(`no rate for ${missing.join(', ')}`);
  const rates = Object.fromEntries(
    CURRENCY_CODES.map((code) => [code, code === 'USD' ? 1 : Number((perBase[code]! / usd).toPrecision(8))]),
  ) as ExchangeRatesSnapshot['rates'];
  return { base: 'USD', date, rates };
}

/** Stores a set of rates unless a newer day is already stored (overlapping runs cannot go back in time). */
async function storeRates(snapshot: ExchangeRatesSnapshot, source: ExchangeRatesItem['source']) {
  try {
    await ExchangeRates.put(
      { id: 'latest', base: 'USD', date: snapshot.date, source, rates: snapshot.rates },
      { if: or(notExists('pk'), lte('date', snapshot.date)) },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface RefreshOptions {
  /** the provider's URL; unset: only make sure the bundled snapshot is stored */
  providerUrl?: string;
  timeoutMs?: number;
}

export interface RefreshReport {
  source: 'provider' | 'snapshot';
  date: string;
  stored: boolean;
  error?: string;
}

/**
 * One refresh: reads the provider and stores its rates; without a provider, or when it fails, keeps what
 * is stored (storing the bundled snapshot when nothing is), so prices always convert.
 */
export async function refreshExchangeRates(options: RefreshOptions = {}): Promise<RefreshReport> {
  const providerUrl = options.providerUrl ?? config.exchangeRatesUrl;
  if (providerUrl) {
    try {
      const response = await fetch(providerUrl, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`the provider answered ${response.status}`);
      const snapshot = parseProviderRates(await response.json());
      const stored = await storeRates(snapshot, 'provider');
      logger.info('exchange rates refreshed', { date: snapshot.date, stored });
      return { source: 'provider', date: snapshot.date, stored };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn('exchange rate refresh failed; the stored rates stay', { error: message });
      const stored = await storeRates(EXCHANGE_RATES_SNAPSHOT, 'snapshot');
      return { source: 'snapshot', date: EXCHANGE_RATES_SNAPSHOT.date, stored, error: message };
    }
  }
  const stored = await storeRates(EXCHANGE_RATES_SNAPSHOT, 'snapshot');
  logger.info('no exchange-rate provider is set up: the bundled snapshot stays in use', {
    date: EXCHANGE_RATES_SNAPSHOT.date,
  });
  return { source: 'snapshot', date: EXCHANGE_RATES_SNAPSHOT.date, stored };
}
