/** API paths more than one module asks for (the feature APIs, and boot.ts before the app has loaded). */
export const agentPath = (id: string) => `api/agents/${encodeURIComponent(id)}`;
export const agencyPath = (id: string) => `api/agencies/${encodeURIComponent(id)}`;
export const brandColorsPath = (agencyId: string) => `api/brand-colors/${encodeURIComponent(agencyId)}`;
export const currencyPreferencePath = (agentId: string) =>
  `api/currency-preference/${encodeURIComponent(agentId)}`;
export const metricPreferencePath = (agentId: string) =>
  `api/metric-preference/${encodeURIComponent(agentId)}`;
export const EXCHANGE_RATES_PATH = 'api/exchange-rates';
export const SAVED_PROPERTIES_PATH = 'api/saved-properties';
/** The saved-listings read every save button shares: one item, for the saved ids it records */
export const SAVED_PROPERTIES_PROBE = { page: 1, limit: 1 } as const;
