import { preferencesRoutes } from '#contracts/routes/preferences';
import { withHttp } from '#platform/http';
import { accountSettingsOf, isSupportStaff, notifyAttribute } from './account-settings.ts';
import { AgentPreferences } from './entities.ts';

/**
 * Changes the caller's notification preferences (only the kinds named; one attribute each, so two
 * toggles at once never undo each other) and the Live Chat toggle, in one UpdateItem.
 */
export const handler = withHttp(preferencesRoutes.saveAccountSettings, async ({ body, identity }) => {
  const notify = Object.fromEntries(
    Object.entries(body.notifications ?? {}).map(([kind, on]) => [
      notifyAttribute(kind as Parameters<typeof notifyAttribute>[0]),
      on,
    ]),
  );
  const saved = await AgentPreferences.update(
    { agent_id: identity.agentId },
    {
      set: {
        ...notify,
        ...(body.live_chat === undefined ? {} : { live_chat: body.live_chat }),
        updated_at: new Date().toISOString(),
      },
    },
    { mustExist: false },
  );
  return accountSettingsOf(identity.agentId, saved, await isSupportStaff(identity.agentId));
});
