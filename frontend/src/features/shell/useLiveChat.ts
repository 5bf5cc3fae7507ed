import { useSyncExternalStore } from 'react';

export const LIVE_CHAT_KEY = 'estatenet.liveChat';

/**
 * The Live Chat toggle of the Need Help box. The account's setting (GET/PUT /api/account-settings) is the
 * truth: the live chat controller (features/support/LiveChat.tsx, loaded after the shell) saves the
 * agent's flips and brings in the stored value. This store shows it at once, remembered on the device.
 */
let on = false;
try {
  on = localStorage.getItem(LIVE_CHAT_KEY) === 'on';
} catch {
  // no storage: off until the account's setting arrives
}
const listeners = new Set<(byUser: boolean) => void>();
/** the agent flipped it and no controller has saved that yet (the controller loads after the shell) */
let unsaved = false;

/** `byUser`: the agent flipped it (to be saved), rather than the stored value arriving. */
function setLiveChat(next: boolean, byUser = true): void {
  on = next;
  if (byUser) unsaved = true;
  try {
    localStorage.setItem(LIVE_CHAT_KEY, next ? 'on' : 'off');
  } catch {
    // not remembered on this device: the account still has it
  }
  for (const listener of listeners) listener(byUser);
}

/** Handed to the controller by the shell (a prop: the store stays in the shell's chunk). */
export const liveChatStore = {
  get: () => on,
  set: setLiveChat,
  subscribe(listener: (byUser: boolean) => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Whether the agent's last flip still waits to be saved; the caller saves it (the flag clears). */
  takeUnsaved(): boolean {
    const waiting = unsaved;
    unsaved = false;
    return waiting;
  },
};
export type LiveChatStore = typeof liveChatStore;

export function useLiveChat(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(liveChatStore.subscribe, liveChatStore.get), setLiveChat];
}
