import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { registerProfileListeners } from '../features/agents/listeners.ts';
import { registerAuthListeners } from '../features/auth/authListeners.ts';
import { registerReputationListeners } from '../features/reputation/listeners.ts';
import { registerLiveChatListeners } from '../features/shell/liveChatListeners.ts';
import { api } from './api.ts';
import { authPersistConfig } from './persistConfig.ts';
import { type AppStartListening, type RootState, rootReducer } from './rootReducer.ts';

export type { RootState };
export { authPersistConfig };

/**
 * A fresh store; tests build a real one with `makeStore(preloadedState)`. Each store has its own listener
 * middleware, and every listener is registered here, by name.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening as AppStartListening;
  registerAuthListeners(startListening);
  registerProfileListeners(startListening);
  registerReputationListeners(startListening);
  registerLiveChatListeners(startListening);

  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions (register, rehydrate callbacks)
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
  // refetchOnFocus / refetchOnReconnect support
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
