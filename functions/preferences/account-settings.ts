import { NOTIFICATION_KINDS, type NotificationKind } from '#contracts/schemas/preferences';
import { SupportStaff } from '#functions/support/entities';
import type { AgentPreferencesItem } from './entities.ts';

/** The stored attribute of each notification kind. */
export const notifyAttribute = (kind: NotificationKind) => `notify_${kind}` as const;

/** Whether the agent is one of EstateNet's support staff (the inbox answers 404 to anyone else). */
export async function isSupportStaff(agentId: string): Promise<boolean> {
  return Boolean(await SupportStaff.get({ agent_id: agentId }));
}

/** The account settings with their defaults: every notification on, live chat off. */
export function accountSettingsOf(
  agentId: string,
  saved: AgentPreferencesItem | undefined,
  supportStaff: boolean,
) {
  const notifications = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, saved?.[notifyAttribute(kind)] ?? true]),
  ) as Record<NotificationKind, boolean>;
  return { agentId, notifications, live_chat: saved?.live_chat ?? false, support_staff: supportStaff };
}
