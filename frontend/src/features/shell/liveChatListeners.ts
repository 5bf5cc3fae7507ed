import type { AppStartListening } from '../../app/rootReducer.ts';
import { LIVE_CHAT_KEY, liveChatFlipped, liveChatStored } from './liveChatSlice.ts';

/** Registered by `makeStore`: the toggle is remembered on this device whoever changed it. */
export function registerLiveChatListeners(startListening: AppStartListening): void {
  startListening({
    matcher: (action) => liveChatFlipped.match(action) || liveChatStored.match(action),
    effect: (_action, { getState }) => {
      try {
        localStorage.setItem(LIVE_CHAT_KEY, getState().liveChat.on ? 'on' : 'off');
      } catch {
        // not remembered on this device: the account still has it
      }
    },
  });
}
