import { BellRing } from 'lucide-react';
import type { NotificationKind } from '#contracts/schemas/preferences';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useGetAccountSettingsQuery, useSaveAccountSettingsMutation } from '../support/LiveChat.tsx';
import { SettingsSection, Toggle } from './SettingsSection.tsx';

/** The notification kinds of contracts/schemas/preferences (NOTIFICATION_KINDS), in words. */
export const NOTIFICATION_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  connection_requests: { label: 'Connection requests', hint: 'When an agent asks to connect or answers you' },
  reputation: { label: 'Reputation and achievements', hint: 'Points you earn and milestones you reach' },
  team: { label: 'Team and invitations', hint: 'Invitations and changes to your agency team' },
  product_updates: { label: 'Product updates', hint: 'New features and tips from EstateNet' },
};

/**
 * Notification preferences and the Live Chat toggle: the account's setting, the one the sidebar's Need Help
 * box shows (the live chat controller carries a change here over to the sidebar and back).
 */
export function NotificationsSection() {
  const settings = useGetAccountSettingsQuery();
  const [save] = useSaveAccountSettingsMutation();

  const setKind = async (kind: NotificationKind, on: boolean) => {
    const result = await save({ notifications: { [kind]: on } });
    if ('error' in result) showToast('error', "Your notification preference wasn't saved. Try again.");
  };

  return (
    <SettingsSection
      icon={BellRing}
      title="Notifications and support"
      description="Choose what you hear about, and whether the support chat is open."
    >
      {settings.isLoading ? (
        <div className="flex justify-center py-6 text-brand-2">
          <Spinner className="size-6" label="Loading your preferences" />
        </div>
      ) : settings.isError || !settings.data ? (
        <Alert>We couldn't load your notification preferences. Reload the page to try again.</Alert>
      ) : (
        <div className="divide-y divide-slate-100">
          {(Object.keys(NOTIFICATION_LABELS) as NotificationKind[]).map((kind) => (
            <Toggle
              key={kind}
              label={NOTIFICATION_LABELS[kind].label}
              hint={NOTIFICATION_LABELS[kind].hint}
              checked={settings.data?.notifications[kind] ?? true}
              onChange={(on) => void setKind(kind, on)}
            />
          ))}
          <Toggle
            label="Live Chat"
            hint="Opens the support chat panel on every screen (also in the sidebar's Need Help box)"
            checked={settings.data.live_chat}
            onChange={(on) => void save({ live_chat: on })}
          />
        </div>
      )}
    </SettingsSection>
  );
}
