import { preferencesRoutes } from '#contracts/routes/preferences';
import { currentExchangeRates } from '#lib/exchange-rates';
import { withHttp } from '#lib/http';

/** The exchange rates the app converts prices with, and their date (the bundled snapshot until refreshed). */
export const handler = withHttp(preferencesRoutes.getExchangeRates, async () => currentExchangeRates());
