import { useEffect, useState, useSyncExternalStore } from 'react';
import { useGetAccountSettingsQuery, useSaveAccountSettingsMutation } from '../settings/api.ts';
import type { LiveChatStore } from '../shell/useLiveChat.ts';
import { ChatPanel } from './ChatPanel.tsx';

/**
 * The Live Chat controller, loaded after the shell (it stays out of the first page load): keeps the
 * toggle in step with the account's setting (GET/PUT /api/account-settings) and, while it is on, shows
 * the support chat panel.
 */
export default function LiveChat({ store }: { store: LiveChatStore }) {
  const on = useSyncExternalStore(store.subscribe, store.get);
  const { data } = useGetAccountSettingsQuery();
  const [save] = useSaveAccountSettingsMutation();
  // a phone starts with the launcher only; turning the chat on opens the panel
  const [expanded, setExpanded] = useState(() => window.matchMedia?.('(min-width: 1024px)').matches ?? true);

  // the stored value (another device, or /settings, may have changed it); a save updates it at once
  const stored = data?.live_chat;
  useEffect(() => {
    if (stored !== undefined && stored !== store.get()) store.set(stored, false);
  }, [store, stored]);

  useEffect(
    () =>
      store.subscribe((byUser) => {
        if (!byUser) return;
        const value = store.get();
        if (value) setExpanded(true);
        void save({ live_chat: value })
          .unwrap()
          .catch(() => undefined);
      }),
    [store, save],
  );

  if (!on) return null;
  return <ChatPanel expanded={expanded} onExpandedChange={setExpanded} />;
}
