import { preferencesRoutes } from '#contracts/routes/preferences';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { AgentPreferences } from './entities.ts';

/** Sets the caller's area unit (sqm or sqft); another agent's id is a 404. */
export const handler = withHttp(preferencesRoutes.saveMetricPreference, async ({ body, identity }) => {
  if (body.agentId !== identity.agentId) throw notFound('Agent');
  const saved = await AgentPreferences.update(
    { agent_id: identity.agentId },
    { set: { metric_preference: body.preference, updated_at: new Date().toISOString() } },
    { mustExist: false },
  );
  return { agentId: identity.agentId, preference: saved.metric_preference! };
});
