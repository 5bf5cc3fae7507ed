import { preferencesRoutes } from '#contracts/routes/preferences';
import { withHttp } from '#platform/http';
import { currentExchangeRates } from './exchange-rates.ts';

/** The exchange rates the app converts prices with, and their date (the bundled snapshot until refreshed). */
export const handler = withHttp(preferencesRoutes.getExchangeRates, async () => currentExchangeRates());
