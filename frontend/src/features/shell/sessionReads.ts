import { SAVED_PROPERTIES_PROBE } from '../../app/apiPaths.ts';
import type { AppStore } from '../../app/store.ts';
import { preferencesApi } from '../preferences/api.ts';
import { propertiesApi } from '../properties/api.ts';

/**
 * The reads any signed-in screen shows in its first render, asked for as soon as the stored session is back
 * (the shell route's `prefetchData`; boot.ts has usually started them already): the currency and area unit
 * every price and size is shown in, the exchange rates, the saved listings behind every save button and the
 * brand colours. Asked for only once the screen had rendered, each answer re-rendered it (a price first
 * in USD, then in the agent's currency) and put that second render before the page's first paint.
 */
export function prefetchSessionReads(store: AppStore): void {
  const { token, agentId, agencyId } = store.getState().auth;
  if (!token || !agentId) return;
  const { dispatch } = store;
  dispatch(preferencesApi.util.prefetch('getCurrencyPreference', agentId, {}));
  dispatch(preferencesApi.util.prefetch('getMetricPreference', agentId, {}));
  dispatch(preferencesApi.util.prefetch('getExchangeRates', undefined, {}));
  dispatch(preferencesApi.util.prefetch('getBrandColors', agencyId ?? agentId, {}));
  dispatch(propertiesApi.util.prefetch('savedProperties', SAVED_PROPERTIES_PROBE, {}));
}
