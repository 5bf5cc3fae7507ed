import { preferencesRoutes } from '#contracts/routes/preferences';
import { DEFAULT_CURRENCY } from '#contracts/schemas/preferences';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { AgentPreferences } from './entities.ts';

/** The caller's display currency ({agentId} is the caller's own id; any other is a 404), USD until set. */
export const handler = withHttp(preferencesRoutes.getCurrencyPreference, async ({ path, identity }) => {
  if (path.agentId !== identity.agentId) throw notFound('Preferences');
  const saved = await AgentPreferences.get({ agent_id: identity.agentId });
  return { agentId: identity.agentId, currency_preference: saved?.currency_preference ?? DEFAULT_CURRENCY };
});
