import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { ConfigErrorScreen } from './app/ConfigErrorScreen.tsx';
import { AppConfigError, loadAppConfig } from './app/config.ts';
import { registerPersistor, whenBootstrapped } from './app/persistConfig.ts';
import {
  createAppRouter,
  OPENING_DATA_WAIT_MS,
  prefetchRouteData,
  preloadRouteCode,
  settledWithin,
  whenInitialized,
} from './app/router.tsx';
import { makeStore } from './app/store.ts';
import { PageLoader } from './components/ui/Spinner.tsx';

const root = createRoot(document.getElementById('root')!);
root.render(<PageLoader />);
preloadRouteCode(window.location.pathname);

// The runtime configuration (user pool, OAuth domain) comes first: nothing can sign in without it.
loadAppConfig().then(
  async () => {
    const store = makeStore();
    // once the stored session is back, the opening screen's data is asked for beside its code
    let openingData: Promise<void> = Promise.resolve();
    const persistor = persistStore(store, null, () => {
      openingData = prefetchRouteData(window.location.pathname, store);
    });
    registerPersistor(persistor);
    const router = createAppRouter();
    // The app's first render waits for the stored session and the route's code, so it is one render of the
    // whole screen. Rendered earlier, the router would swap its fallback for the screen in a transition:
    // time-sliced at 4× CPU, it delayed the profile's first paint by 0.2–0.35 s (docs/decisions.md "Page load").
    await Promise.all([whenBootstrapped(persistor), whenInitialized(router)]);
    // and for the screen's opening reads (usually answered by then: boot.ts started them), a little: a
    // render before they land draws placeholders, and the answers a second render before the first paint
    await settledWithin(openingData, OPENING_DATA_WAIT_MS);
    root.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error(error);
    const detail = error instanceof AppConfigError ? error.message : String(error);
    root.render(<ConfigErrorScreen detail={detail} />);
  },
);
