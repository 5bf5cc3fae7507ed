import { preferencesRoutes } from '#contracts/routes/preferences';
import { accountSettingsOf, isSupportStaff } from '#lib/account-settings';
import { AgentPreferences } from '#lib/data/preferences';
import { withHttp } from '#lib/http';

/** The caller's notification preferences and Live Chat toggle (defaults until saved), and its staff role. */
export const handler = withHttp(preferencesRoutes.getAccountSettings, async ({ identity }) => {
  const [saved, supportStaff] = await Promise.all([
    AgentPreferences.get({ agent_id: identity.agentId }),
    isSupportStaff(identity.agentId),
  ]);
  return accountSettingsOf(identity.agentId, saved, supportStaff);
});
