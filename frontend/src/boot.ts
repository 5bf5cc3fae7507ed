import { PUBLIC_APP_PREFIXES } from '#contracts/route-guard';
import {
  agencyPath,
  agentPath,
  brandColorsPath,
  currencyPreferencePath,
  EXCHANGE_RATES_PATH,
  metricPreferencePath,
  SAVED_PROPERTIES_PATH,
  SAVED_PROPERTIES_PROBE,
} from './app/apiPaths.ts';
import { startEarlyRequest } from './app/earlyRequests.ts';
import { OPENING_CHUNKS_ELEMENT_ID, SIGNED_IN_SCREENS } from './app/openingScreens.ts';
import { paths } from './app/paths.ts';
import { readStoredSession } from './app/storedSession.ts';
import { coverUrl, listPropertiesRequest, myPropertiesPage } from './features/properties/listRequests.ts';
import type { PropertyPage } from './features/properties/types.ts';

/**
 * The page's first script (index.html, `async`, a few hundred bytes): for a returning user it starts the
 * opening screen's API reads at once, while the app's code is still on its way, and on the profile it
 * asks for the first listing's photo (the page's largest paint) as soon as the listings are known.
 * The app takes these responses through app/earlyRequests.ts. Measured on the mobile profile page
 * (`npm run bench:page-load`): docs/decisions.md "Page load".
 */
function startOpeningReads(): void {
  const { pathname } = window.location;
  if (PUBLIC_APP_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return;
  const session = readStoredSession();
  if (!session) return;
  preloadOpeningCode(pathname);
  // every signed-in screen waits for the agent and the agency (features/shell/AppShell.tsx)
  startEarlyRequest(agentPath(session.agentId), session.token);
  if (session.agencyId) startEarlyRequest(agencyPath(session.agencyId), session.token);
  // and for what every screen shows from its first render (features/shell/sessionReads.ts)
  for (const path of [
    currencyPreferencePath(session.agentId),
    metricPreferencePath(session.agentId),
    EXCHANGE_RATES_PATH,
    brandColorsPath(session.agencyId ?? session.agentId),
    `${SAVED_PROPERTIES_PATH}?${new URLSearchParams(Object.entries(SAVED_PROPERTIES_PROBE).map(([name, value]) => [name, String(value)]))}`,
  ])
    startEarlyRequest(path, session.token);
  warmNumberFormatting();
  if (pathname === paths.profile) {
    const { url, params } = listPropertiesRequest(myPropertiesPage(session.agentId, 1));
    const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
    void startEarlyRequest(`${url}?${query}`, session.token)
      .then((response) => (response.ok ? (response.clone().json() as Promise<PropertyPage>) : undefined))
      .then((page) => {
        const first = page?.items[0];
        const photo = first && coverUrl(first);
        if (photo) preloadImage(photo);
      })
      .catch(() => undefined);
  }
}

/**
 * Asks for the signed-in screen's code (the chunks index.html lists for it, src/app/openingScreens.ts) beside
 * the entry; the app's lazy imports then find it loading. A page without the list (the dev server) skips it.
 */
function preloadOpeningCode(pathname: string): void {
  const list = document.getElementById(OPENING_CHUNKS_ELEMENT_ID);
  // an async script may run before the parser has reached the list (a cached boot.ts)
  if (!list && document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => preloadOpeningCode(pathname), { once: true });
    return;
  }
  const listed = list?.textContent;
  if (!listed) return;
  const chunks = JSON.parse(listed) as Record<string, string[] | undefined>;
  for (const href of [...(chunks[SIGNED_IN_SCREENS] ?? []), ...(chunks[pathname] ?? [])]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Builds one Intl.NumberFormat while the main thread waits for the app's code: the first one in a page loads
 * the locale's data (~150 ms of a throttled phone's main thread, in the same commit as the largest paint);
 * every later formatter (features/preferences/format.ts) then takes well under a millisecond.
 */
function warmNumberFormatting(): void {
  new Intl.NumberFormat().format(0);
}

/** Fetches an image ahead of its element, first among the page's images (as the card's own `first`). */
function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}

startOpeningReads();
