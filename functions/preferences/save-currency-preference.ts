import { preferencesRoutes } from '#contracts/routes/preferences';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { AgentPreferences } from './entities.ts';

/** Sets the caller's display currency (one of the currencies with rates); another agent's id is a 404. */
export const handler = withHttp(preferencesRoutes.saveCurrencyPreference, async ({ body, identity }) => {
  if (body.agentId !== identity.agentId) throw notFound('Agent');
  const saved = await AgentPreferences.update(
    { agent_id: identity.agentId },
    { set: { currency_preference: body.currencyPreference, updated_at: new Date().toISOString() } },
    { mustExist: false },
  );
  return { agentId: identity.agentId, currency_preference: saved.currency_preference! };
});
