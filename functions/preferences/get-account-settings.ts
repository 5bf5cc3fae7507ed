import { preferencesRoutes } from '#contracts/routes/preferences';
import { accountSettingsOf } from '#lib/account-settings';
import { AgentPreferences } from '#lib/data/preferences';
import { withHttp } from '#lib/http';

/** The caller's notification preferences and Live Chat toggle (defaults until saved). */
export const handler = withHttp(preferencesRoutes.getAccountSettings, async ({ identity }) =>
  accountSettingsOf(identity.agentId, await AgentPreferences.get({ agent_id: identity.agentId })),
);
