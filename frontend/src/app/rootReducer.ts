import {
  combineReducers,
  type ThunkDispatch,
  type TypedStartListening,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import { authSlice } from '../features/auth/authSlice.ts';
import { clientsSlice } from '../features/clients/clientsSlice.ts';
import { cloudSlice } from '../features/cloud/cloudSlice.ts';
import { paywallSlice } from '../features/paywall/paywallSlice.ts';
import { liveChatSlice } from '../features/shell/liveChatSlice.ts';
import { api } from './api.ts';
import { authPersistConfig } from './persistConfig.ts';

/**
 * The store's shape: the RTK Query cache (every piece of server data, read through selectors) beside the
 * client state the spec names — the session, the client table's preferences, the cloud screen, the paywall
 * modal — and the Live Chat toggle. Apart from the store so that listeners and selectors can name its types
 * without importing the store that registers them.
 */
export const rootReducer = combineReducers({
  [authSlice.reducerPath]: persistReducer(authPersistConfig, authSlice.reducer),
  [cloudSlice.reducerPath]: cloudSlice.reducer,
  [clientsSlice.reducerPath]: clientsSlice.reducer,
  [paywallSlice.reducerPath]: paywallSlice.reducer,
  [liveChatSlice.reducerPath]: liveChatSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
export type AppThunkDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
/** What a feature's `register…Listeners` is handed: its store's `startListening`, typed. */
export type AppStartListening = TypedStartListening<RootState, AppThunkDispatch>;
