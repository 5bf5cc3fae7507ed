import clsx from 'clsx';
import { Coins, Scaling } from 'lucide-react';
import { useId } from 'react';
import { CURRENCIES, EXCHANGE_RATES_SNAPSHOT } from '#contracts/exchange-rates';
import { showToast } from '../../components/toasts/toast.ts';
import {
  useGetCurrencyPreferenceQuery,
  useGetExchangeRatesQuery,
  useGetMetricPreferenceQuery,
  useSaveCurrencyPreferenceMutation,
  useSaveMetricPreferenceMutation,
} from '../preferences/api.ts';
import {
  type AreaUnit,
  formatAreaIn,
  formatMoney,
  formatPriceIn,
  formatRatesDate,
} from '../preferences/format.ts';
import { SettingsSection } from './SettingsSection.tsx';

/** A listing price and size the examples convert. */
const EXAMPLE_PRICE_USD = 425_000;
const EXAMPLE_SIZE_SQM = 120;

/** `1 USD = 0.9234 EUR` */
export const rateLine = (code: string, rate: number) =>
  `1 USD = ${rate.toLocaleString('en-US', { maximumFractionDigits: rate >= 100 ? 2 : 4 })} ${code}`;

/** The display currency (spec §3: default USD) with the exchange rates it converts with, and their date. */
export function CurrencySection({ agentId }: { agentId: string }) {
  const id = useId();
  // the preference hooks' own queries (usePreferences.ts), read here without that module's chunk
  const preference = useGetCurrencyPreferenceQuery(agentId);
  const currency = preference.data?.currency_preference ?? 'USD';
  const exchange = useGetExchangeRatesQuery();
  const rates: Record<string, number> = exchange.data?.rates ?? EXCHANGE_RATES_SNAPSHOT.rates;
  const ratesDate = exchange.data?.date ?? EXCHANGE_RATES_SNAPSHOT.date;
  const [save] = useSaveCurrencyPreferenceMutation();
  const currencies = exchange.data?.currencies ?? CURRENCIES;
  const source = exchange.data?.source ?? 'snapshot';

  const choose = async (code: string) => {
    const result = await save({ agentId, currencyPreference: code });
    if ('error' in result) showToast('error', "Your currency wasn't saved. Try again.");
  };

  return (
    <SettingsSection
      icon={Coins}
      title="Currency"
      description="Prices across the app are shown in this currency, converted from US dollars."
    >
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Display currency
          </label>
          <select
            id={id}
            value={currency}
            // a choice made before the saved one arrives would be overwritten by it
            disabled={preference.isLoading}
            onChange={(event) => void choose(event.target.value)}
            className="mt-1.5 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[0.9375rem] text-slate-900 shadow-xs focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none"
          >
            {currencies.map(({ code, name }) => (
              <option key={code} value={code}>
                {code} — {name}
              </option>
            ))}
          </select>
          <p className="mt-2 text-sm text-slate-600">
            {currency === 'USD'
              ? 'Listings show their price as entered, with its value in US dollars when in another currency.'
              : rateLine(currency, rates[currency] ?? 1)}
          </p>
        </div>
        <div className="rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
          <p className="text-slate-600">A listing at {formatMoney(EXAMPLE_PRICE_USD, 'USD')} is about</p>
          <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900" data-testid="currency-example">
            {formatPriceIn(EXAMPLE_PRICE_USD, currency, rates)}
          </p>
          <p className="mt-2 text-xs text-slate-500">
            Exchange rates of {formatRatesDate(ratesDate)}
            {source === 'snapshot' ? ' (bundled with the app: no rate provider is set up here)' : ''}
            {exchange.isError
              ? `; the rates of ${formatRatesDate(EXCHANGE_RATES_SNAPSHOT.date)} are used offline`
              : ''}
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}

const UNITS: Array<{ unit: AreaUnit; label: string }> = [
  { unit: 'sqm', label: 'Square metres (sqm)' },
  { unit: 'sqft', label: 'Square feet (sqft)' },
];

/** The area unit (spec §3: default sqm): every size in the app is shown in it. */
export function AreaUnitSection({ agentId }: { agentId: string }) {
  const name = useId();
  const preference = useGetMetricPreferenceQuery(agentId);
  const unit = preference.data?.preference ?? 'sqm';
  const [save] = useSaveMetricPreferenceMutation();

  const choose = async (preference: AreaUnit) => {
    const result = await save({ agentId, preference });
    if ('error' in result) showToast('error', "Your area unit wasn't saved. Try again.");
  };

  return (
    <SettingsSection
      icon={Scaling}
      title="Area unit"
      description="Property sizes across the app are shown in this unit."
    >
      <fieldset>
        <legend className="sr-only">Area unit</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {UNITS.map((option) => (
            <label
              key={option.unit}
              className={clsx(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 transition-colors',
                unit === option.unit
                  ? 'border-brand-2 bg-brand-50 ring-1 ring-brand-2'
                  : 'border-slate-200 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.unit}
                checked={unit === option.unit}
                disabled={preference.isLoading}
                onChange={() => void choose(option.unit)}
                className="size-4 accent-brand-2"
              />
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{option.label}</span>
                <span className="text-slate-600">
                  {EXAMPLE_SIZE_SQM} sqm = {formatAreaIn(EXAMPLE_SIZE_SQM, option.unit)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
