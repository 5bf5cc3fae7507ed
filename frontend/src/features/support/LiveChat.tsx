import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { LARGE_SCREEN } from '../../app/useMediaQuery.ts';
import { liveChatSaving, liveChatStored, selectLiveChat } from '../shell/liveChatSlice.ts';
import { useGetAccountSettingsQuery, useSaveAccountSettingsMutation } from './accountSettingsApi.ts';
import { loadSupportWidget, supportChatWidgetUrl } from './supportWidget.ts';

// /settings takes the account settings from here: one chunk for both (see accountSettingsApi.ts)
export { useGetAccountSettingsQuery, useSaveAccountSettingsMutation };

// the panel's code loads when the chat is first turned on
const ChatPanel = lazy(() => import('./ChatPanel.tsx').then((module) => ({ default: module.ChatPanel })));

export const CHAT_EXPANDED_KEY = 'estatenet.liveChat.expanded';

function rememberedExpanded(): boolean | undefined {
  try {
    const stored = localStorage.getItem(CHAT_EXPANDED_KEY);
    return stored === null ? undefined : stored === 'open';
  } catch {
    return undefined;
  }
}

function rememberExpanded(expanded: boolean): void {
  try {
    localStorage.setItem(CHAT_EXPANDED_KEY, expanded ? 'open' : 'minimised');
  } catch {
    // not remembered on this device: the panel opens as on a first visit
  }
}

/**
 * The Live Chat controller, loaded after the shell (it stays out of the first page load): keeps the
 * toggle in step with the account's setting (GET/PUT /api/account-settings) and, while it is on, shows
 * the support chat panel, or a configured third-party widget instead (its script loads only then).
 */
export default function LiveChat() {
  const { on, unsaved } = useAppSelector(selectLiveChat);
  const dispatch = useAppDispatch();
  const { data } = useGetAccountSettingsQuery();
  const [save, saving] = useSaveAccountSettingsMutation();
  // open or minimised as the agent last left it (a minimised panel stays so on the next page and the next
  // visit); until then a phone starts with the launcher only; turning the chat on opens the panel
  const [expanded, setExpandedState] = useState(
    () => rememberedExpanded() ?? window.matchMedia?.(LARGE_SCREEN).matches ?? true,
  );
  const setExpanded = useCallback((next: boolean) => {
    rememberExpanded(next);
    setExpandedState(next);
  }, []);

  // the stored value (another device, or /settings, may have changed it); a save updates it at once, and
  // while the agent's own flip waits or is being saved an answer read before it is not taken back
  const stored = data?.live_chat;
  const savingFlip = saving.isLoading;
  useEffect(() => {
    if (!unsaved && !savingFlip && stored !== undefined && stored !== on) dispatch(liveChatStored(stored));
  }, [dispatch, on, unsaved, stored, savingFlip]);

  // the agent's flip, also one made before this controller loaded (it comes after the shell), is saved
  useEffect(() => {
    if (!unsaved) return;
    dispatch(liveChatSaving());
    if (on) setExpanded(true);
    void save({ live_chat: on })
      .unwrap()
      .catch(() => undefined);
  }, [dispatch, on, unsaved, save, setExpanded]);

  // undefined while the app configuration is read, null when no widget is configured
  const [widgetUrl, setWidgetUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void supportChatWidgetUrl().then((url) => {
      if (current) setWidgetUrl(url);
    });
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    if (on && widgetUrl) loadSupportWidget(widgetUrl);
  }, [on, widgetUrl]);

  if (!on || widgetUrl !== null) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel expanded={expanded} onExpandedChange={setExpanded} />
    </Suspense>
  );
}
