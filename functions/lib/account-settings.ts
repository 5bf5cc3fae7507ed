import { NOTIFICATION_KINDS, type NotificationKind } from '#contracts/schemas/preferences';
import type { AgentPreferencesItem } from './data/preferences.ts';

/** The stored attribute of each notification kind. */
export const notifyAttribute = (kind: NotificationKind) => `notify_${kind}` as const;

/** The account settings with their defaults: every notification on, live chat off. */
export function accountSettingsOf(agentId: string, saved: AgentPreferencesItem | undefined) {
  const notifications = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, saved?.[notifyAttribute(kind)] ?? true]),
  ) as Record<NotificationKind, boolean>;
  return { agentId, notifications, live_chat: saved?.live_chat ?? false };
}
