import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  type PersistConfig,
  PURGE,
  persistReducer,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { type AuthState, authCookieListener, authSlice } from '../features/auth/authSlice.ts';
import { paywallSlice } from '../features/paywall/paywallSlice.ts';
import { api } from './api.ts';
import { createPersistStorage } from './persistStorage.ts';

/**
 * Only token, agentId and agencyId persist (spec §3); the gate waits at most 5000 ms for rehydration (§4).
 * Logout purges it with `purgeStoredState(authPersistConfig)`.
 */
export const authPersistConfig: PersistConfig<AuthState> = {
  key: 'auth',
  storage: createPersistStorage(),
  whitelist: ['token', 'agentId', 'agencyId'],
  timeout: 5000,
};

const rootReducer = combineReducers({
  [authSlice.reducerPath]: persistReducer(authPersistConfig, authSlice.reducer),
  [paywallSlice.reducerPath]: paywallSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store; tests build a real one with `makeStore(preloadedState)`. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions (register, rehydrate callbacks)
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(authCookieListener.middleware)
        .concat(api.middleware),
  });
  // refetchOnFocus / refetchOnReconnect support
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
