import { SAVED_PROPERTIES_PROBE } from '../../app/apiPaths.ts';
import type { AppStore } from '../../app/store.ts';
import { preferencesApi } from '../preferences/api.ts';
import { propertiesApi } from '../properties/api.ts';

/**
 * The reads any signed-in screen shows in its first render, asked for as soon as the stored session is back
 * (the shell route's `prefetchData`, settling when all are answered; boot.ts has usually started them already): the currency and area unit
 * every price and size is shown in, the exchange rates, the saved listings behind every save button and the
 * brand colours. Asked for only once the screen had rendered, each answer re-rendered it (a price first
 * in USD, then in the agent's currency) and put that second render before the page's first paint.
 */
export async function prefetchSessionReads(store: AppStore): Promise<void> {
  const { token, agentId, agencyId } = store.getState().auth;
  if (!token || !agentId) return;
  const { dispatch } = store;
  const once = { subscribe: false } as const;
  await Promise.all([
    dispatch(preferencesApi.endpoints.getCurrencyPreference.initiate(agentId, once)),
    dispatch(preferencesApi.endpoints.getMetricPreference.initiate(agentId, once)),
    dispatch(preferencesApi.endpoints.getExchangeRates.initiate(undefined, once)),
    dispatch(preferencesApi.endpoints.getBrandColors.initiate(agencyId ?? agentId, once)),
    dispatch(propertiesApi.endpoints.savedProperties.initiate(SAVED_PROPERTIES_PROBE, once)),
  ]);
}
