import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaywallBody } from '#contracts/schemas/common';

/** What the 402 paywall body carries (spec §7 Global behaviour); reason may be one the client doesn't know. */
export interface PaywallDetails {
  reason: PaywallBody['reason'] | (string & {});
  message: string;
  action: string;
  feature?: string | undefined;
  current?: number | undefined;
  /** null means Unlimited */
  maximum?: number | null | undefined;
}

export interface PaywallState {
  open: boolean;
  details: PaywallDetails | null;
}

const initialState: PaywallState = { open: false, details: null };

export const paywallSlice = createSlice({
  name: 'paywall',
  initialState,
  reducers: {
    openPaywall(state, action: PayloadAction<PaywallDetails>) {
      state.open = true;
      state.details = action.payload;
    },
    closePaywall(state) {
      state.open = false;
    },
  },
  selectors: {
    selectPaywall: (state) => state,
  },
});

export const { openPaywall, closePaywall } = paywallSlice.actions;
export const { selectPaywall } = paywallSlice.selectors;

/** True for a response body that should open the paywall: a 402 body carrying `paywall: true`. */
export function isPaywallBody(body: unknown): body is { paywall: true } & Partial<PaywallDetails> {
  return typeof body === 'object' && body !== null && (body as { paywall?: unknown }).paywall === true;
}

/** The modal's details from a paywall body, tolerating missing or mistyped fields. */
export function paywallDetailsFrom(body: { paywall: true } & Partial<PaywallDetails>): PaywallDetails {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  return {
    reason: text(body.reason),
    message: text(body.message),
    action: text(body.action),
    feature: typeof body.feature === 'string' ? body.feature : undefined,
    current: count(body.current),
    maximum: body.maximum === null ? null : count(body.maximum),
  };
}
