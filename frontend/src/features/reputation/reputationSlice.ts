import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clearAuth } from '../auth/authSlice.ts';
import type { AppNotification, HistoryPagination, ReputationActivity } from './types.ts';

/**
 * Reputation state (spec §3): the signed-in agent's notifications (items, loading, error) and the history
 * page on screen with its pagination. RTK Query fetches them (./api.ts); ./reputationSync.ts keeps this
 * state in step, and logout resets it with the auth, agent and agency state (spec §4 Session).
 */
export interface ReputationState {
  notifications: AppNotification[];
  notificationsLoading: boolean;
  notificationsError: string | null;
  history: ReputationActivity[];
  pagination: HistoryPagination;
}

export const initialReputationState: ReputationState = {
  notifications: [],
  notificationsLoading: false,
  notificationsError: null,
  history: [],
  pagination: { page: 1, totalPages: 0, limit: 10, totalItems: 0 },
};

export const reputationSlice = createSlice({
  name: 'reputation',
  initialState: initialReputationState,
  reducers: {
    notificationsRequested(state) {
      state.notificationsLoading = true;
    },
    notificationsLoaded(state, action: PayloadAction<AppNotification[]>) {
      state.notifications = action.payload;
      state.notificationsLoading = false;
      state.notificationsError = null;
    },
    notificationsFailed(state, action: PayloadAction<string>) {
      state.notificationsLoading = false;
      state.notificationsError = action.payload;
    },
    historyLoaded(
      state,
      action: PayloadAction<{ activities: ReputationActivity[]; pagination: HistoryPagination }>,
    ) {
      state.history = action.payload.activities;
      state.pagination = action.payload.pagination;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(clearAuth, () => initialReputationState);
  },
  selectors: {
    selectNotifications: (state) => state.notifications,
    selectNotificationsLoading: (state) => state.notificationsLoading,
    selectNotificationsError: (state) => state.notificationsError,
  },
});

export const { notificationsRequested, notificationsLoaded, notificationsFailed, historyLoaded } =
  reputationSlice.actions;
export const { selectNotifications, selectNotificationsLoading, selectNotificationsError } =
  reputationSlice.selectors;
