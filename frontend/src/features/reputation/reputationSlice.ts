import { createSlice } from '@reduxjs/toolkit';
import { clearAuth } from '../auth/authSlice.ts';

/**
 * Reputation state (spec §3). Its endpoints arrive with the reputation issue; the slice exists now so
 * logout resets it with the auth, agent and agency state (spec §4 Session).
 */
export interface ReputationState {
  notifications: Array<{ id: string; message: string }>;
  history: unknown[];
  pagination: { page: number; totalPages: number; limit: number; totalItems: number };
}

export const initialReputationState: ReputationState = {
  notifications: [],
  history: [],
  pagination: { page: 1, totalPages: 0, limit: 10, totalItems: 0 },
};

export const reputationSlice = createSlice({
  name: 'reputation',
  initialState: initialReputationState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(clearAuth, () => initialReputationState);
  },
});
