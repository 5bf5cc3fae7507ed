import { preferencesRoutes } from '#contracts/routes/preferences';
import { DEFAULT_AREA_UNIT } from '#contracts/schemas/preferences';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { AgentPreferences } from './entities.ts';

/** The caller's area unit ({agentId} is the caller's own id; any other is a 404), sqm until set. */
export const handler = withHttp(preferencesRoutes.getMetricPreference, async ({ path, identity }) => {
  if (path.agentId !== identity.agentId) throw notFound('Preferences');
  const saved = await AgentPreferences.get({ agent_id: identity.agentId });
  return { agentId: identity.agentId, preference: saved?.metric_preference ?? DEFAULT_AREA_UNIT };
});
