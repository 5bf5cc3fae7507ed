import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store.ts';

/** One listener middleware for cross-slice effects (keeping feature slices in step with API results). */
export const appListener = createListenerMiddleware();
export const startAppListening = appListener.startListening.withTypes<RootState, AppDispatch>();
