import type * as z from 'zod/mini';
import type { FeatureName } from '#contracts/plans';
import type {
  brandColors,
  currencyPreference,
  exchangeRates,
  featureLimit,
  metricPreference,
} from '#contracts/schemas/preferences';
import { api } from '../../app/api.ts';
import {
  brandColorsPath,
  currencyPreferencePath,
  EXCHANGE_RATES_PATH,
  metricPreferencePath,
} from '../../app/apiPaths.ts';

export type BrandColors = z.infer<typeof brandColors>;
export type FeatureLimit = z.infer<typeof featureLimit>;
export type CurrencyPreference = z.infer<typeof currencyPreference>;
export type MetricPreference = z.infer<typeof metricPreference>;
export type ExchangeRates = z.infer<typeof exchangeRates>;

const currencyTag = (agentId: string) => ({ type: 'Preference' as const, id: `currency-${agentId}` });
const metricTag = (agentId: string) => ({ type: 'Preference' as const, id: `metric-${agentId}` });

/**
 * Brand colours, currency and area-unit preferences, exchange rates and feature limits (spec §7 "Brand,
 * preferences, limits"). Saving a preference updates the cached answer at once (optimistic), so every
 * converted price and size on screen changes without waiting; a failed save puts it back.
 */
export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBrandColors: build.query<BrandColors, string>({
      query: brandColorsPath,
      providesTags: (_result, _error, agencyId) => [{ type: 'Preference', id: `brand-${agencyId}` }],
    }),
    getFeatureLimit: build.query<FeatureLimit, FeatureName>({
      query: (feature) => `api/feature-limits/${feature}`,
      providesTags: (_result, _error, feature) => [{ type: 'FeatureLimit', id: feature }],
    }),
    getCurrencyPreference: build.query<CurrencyPreference, string>({
      query: currencyPreferencePath,
      providesTags: (_result, _error, agentId) => [currencyTag(agentId)],
    }),
    saveCurrencyPreference: build.mutation<
      CurrencyPreference,
      { agentId: string; currencyPreference: string }
    >({
      query: (body) => ({ url: 'api/currency-preference', method: 'POST', body }),
      async onQueryStarted({ agentId, currencyPreference }, { dispatch, queryFulfilled }) {
        dispatch(
          preferencesApi.util.upsertQueryData('getCurrencyPreference', agentId, {
            agentId,
            currency_preference: currencyPreference,
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          // the server's value comes back
          dispatch(preferencesApi.util.invalidateTags([currencyTag(agentId)]));
        }
      },
    }),
    getMetricPreference: build.query<MetricPreference, string>({
      query: metricPreferencePath,
      providesTags: (_result, _error, agentId) => [metricTag(agentId)],
    }),
    saveMetricPreference: build.mutation<MetricPreference, MetricPreference>({
      query: (body) => ({ url: 'api/metric-preference', method: 'POST', body }),
      async onQueryStarted({ agentId, preference }, { dispatch, queryFulfilled }) {
        dispatch(
          preferencesApi.util.upsertQueryData('getMetricPreference', agentId, { agentId, preference }),
        );
        try {
          await queryFulfilled;
        } catch {
          dispatch(preferencesApi.util.invalidateTags([metricTag(agentId)]));
        }
      },
    }),
    getExchangeRates: build.query<ExchangeRates, void>({
      query: () => EXCHANGE_RATES_PATH,
      // rates change a few times a day at most
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetBrandColorsQuery,
  useGetFeatureLimitQuery,
  useLazyGetFeatureLimitQuery,
  useGetCurrencyPreferenceQuery,
  useSaveCurrencyPreferenceMutation,
  useGetMetricPreferenceQuery,
  useSaveMetricPreferenceMutation,
  useGetExchangeRatesQuery,
} = preferencesApi;
