import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const LIVE_CHAT_KEY = 'estatenet.liveChat';

/**
 * The Live Chat toggle of the Need Help box. The account's setting (GET/PUT /api/account-settings) is the
 * truth: the live chat controller (features/support/LiveChat.tsx, loaded after the shell) saves the agent's
 * flips and brings in the stored value. The toggle shows it at once, remembered on the device.
 */
export interface LiveChatState {
  on: boolean;
  /** the agent flipped it and no controller has saved that yet (the controller loads after the shell) */
  unsaved: boolean;
}

function rememberedOn(): boolean {
  try {
    return localStorage.getItem(LIVE_CHAT_KEY) === 'on';
  } catch {
    return false; // no storage: off until the account's setting arrives
  }
}

export const liveChatSlice = createSlice({
  name: 'liveChat',
  initialState: (): LiveChatState => ({ on: rememberedOn(), unsaved: false }),
  reducers: {
    /** the agent flipped the toggle: to be saved to the account */
    liveChatFlipped(state, action: PayloadAction<boolean>) {
      state.on = action.payload;
      state.unsaved = true;
    },
    /** the account's stored value arrived */
    liveChatStored(state, action: PayloadAction<boolean>) {
      state.on = action.payload;
    },
    /** the controller is saving the agent's last flip */
    liveChatSaving(state) {
      state.unsaved = false;
    },
  },
});

export const { liveChatFlipped, liveChatStored, liveChatSaving } = liveChatSlice.actions;
export const selectLiveChat = (state: { liveChat: LiveChatState }) => state.liveChat;
