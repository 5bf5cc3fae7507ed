import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, persistReducer, REGISTER, REHYDRATE } from 'redux-persist';
import { agencySlice, visitedAgencySlice } from '../features/agencies/agencySlice.ts';
import { agentSlice, visitedAgentSlice } from '../features/agents/agentSlice.ts';
import '../features/agents/profileSync.ts';
import { authCookieListener, authSlice } from '../features/auth/authSlice.ts';
import { sessionListener } from '../features/auth/sessionListener.ts';
import { clientsSlice } from '../features/clients/clientsSlice.ts';
import { cloudSlice } from '../features/cloud/cloudSlice.ts';
import { paywallSlice } from '../features/paywall/paywallSlice.ts';
import { savedPropertiesSlice } from '../features/properties/savedSlice.ts';
import { reputationSlice } from '../features/reputation/reputationSlice.ts';
import { api } from './api.ts';
import { appListener } from './listenerMiddleware.ts';
import { authPersistConfig } from './persistConfig.ts';

export { authPersistConfig };

const rootReducer = combineReducers({
  [authSlice.reducerPath]: persistReducer(authPersistConfig, authSlice.reducer),
  [agentSlice.reducerPath]: agentSlice.reducer,
  [agencySlice.reducerPath]: agencySlice.reducer,
  [visitedAgentSlice.reducerPath]: visitedAgentSlice.reducer,
  [visitedAgencySlice.reducerPath]: visitedAgencySlice.reducer,
  [reputationSlice.reducerPath]: reputationSlice.reducer,
  [cloudSlice.reducerPath]: cloudSlice.reducer,
  [clientsSlice.reducerPath]: clientsSlice.reducer,
  [paywallSlice.reducerPath]: paywallSlice.reducer,
  [savedPropertiesSlice.reducerPath]: savedPropertiesSlice.reducer,
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
        .prepend(authCookieListener.middleware, sessionListener.middleware, appListener.middleware)
        .concat(api.middleware),
  });
  // refetchOnFocus / refetchOnReconnect support
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
