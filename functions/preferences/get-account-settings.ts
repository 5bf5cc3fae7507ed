import { preferencesRoutes } from '#contracts/routes/preferences';
import { withHttp } from '#platform/http';
import { accountSettingsOf, isSupportStaff } from './account-settings.ts';
import { AgentPreferences } from './entities.ts';

/** The caller's notification preferences and Live Chat toggle (defaults until saved), and its staff role. */
export const handler = withHttp(preferencesRoutes.getAccountSettings, async ({ identity }) => {
  const [saved, supportStaff] = await Promise.all([
    AgentPreferences.get({ agent_id: identity.agentId }),
    isSupportStaff(identity.agentId),
  ]);
  return accountSettingsOf(identity.agentId, saved, supportStaff);
});
