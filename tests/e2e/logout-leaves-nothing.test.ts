import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestAgency } from '../support/agents.ts';
import { appUrl, sidebar, TEST_PASSWORD, useBrowser } from './helpers.ts';

/**
 * Nothing of a session is left in the browser after Log out (issue 20): no token, no agent or agency data,
 * no persisted store — in localStorage, sessionStorage, cookies, IndexedDB or the Cache API. What may stay
 * is listed here, each with why: UI preferences of this device, none of them a session's.
 */
const KEPT_AFTER_LOGOUT: Record<string, string> = {
  // the Live Chat toggle's last position on this device (features/shell/useLiveChat.ts)
  'estatenet.liveChat': 'UI preference',
  // whether the live chat panel was open or minimised (features/support/LiveChat.tsx)
  'estatenet.liveChat.expanded': 'UI preference',
};
/** What may stay in this tab's sessionStorage, likewise. */
const KEPT_IN_TAB: Record<string, string> = {
  // <ScrollRestoration />'s scroll position of each history entry of the tab: random keys to pixels
  'react-router-scroll-positions': 'UI state, no path or data',
};

interface BrowserStorage {
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  cookies: string;
  indexedDb: string[];
  caches: string[];
}

/** Everything the page's origin keeps in the browser, read from inside the page. */
const browserStorage = (page: Page): Promise<BrowserStorage> =>
  page.evaluate(async () => {
    const entries = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, index) => storage.key(index)!).map((key) => [
          key,
          storage.getItem(key) ?? '',
        ]),
      );
    return {
      localStorage: entries(localStorage),
      sessionStorage: entries(sessionStorage),
      cookies: document.cookie,
      indexedDb: (await indexedDB.databases()).map((database) => database.name ?? ''),
      caches: 'caches' in window ? await caches.keys() : [],
    };
  });

describe('Log out', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    Object.assign(process.env, inject('cloud').env);
  });

  it.each([
    ['without', false],
    ['with', true],
  ])(
    'leaves nothing of the session in the browser (signed in %s "Keep me signed in")',
    async (_label, keep) => {
      const { admin, agencyId } = await createTestAgency();
      const page = await openPage();
      await page.goto(appUrl('/authentication/login'));
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      if (keep) await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/agents/profile');
      await sidebar(page).getByTestId('sidebar-name').waitFor();
      // a few screens' data, a UI preference, a Google sign-in begun but left at the chooser
      await page.goto(appUrl('/clients'));
      await sidebar(page).getByTestId('sidebar-name').waitFor();
      await sidebar(page).getByRole('switch', { name: 'Live Chat' }).click();
      await page.goto(appUrl('/settings'));
      await sidebar(page).getByTestId('sidebar-name').waitFor();
      await page.evaluate(() => {
        sessionStorage.setItem('estatenet.oauth', '{"state":"s","verifier":"v"}');
        // an invitation link opened in another tab meanwhile: the next sign-in here must not accept it
        localStorage.setItem('estatenet.pendingInvite', 'invite-token');
      });
      const session = await browserStorage(page);
      const persisted = JSON.parse(session.localStorage['persist:auth']!) as Record<string, string>;
      const token = JSON.parse(persisted.token!) as string;
      const refreshToken = session.localStorage['estatenet.refreshToken']!;
      expect(token).toBeTruthy();
      expect(refreshToken).toBeTruthy();

      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL('**/authentication/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

      // what the browser holds right after, and once more on a fresh load of the login page
      for (const when of ['after logout', 'after a reload']) {
        if (when === 'after a reload') {
          await page.reload();
          await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
        }
        const left = await browserStorage(page);
        expect(Object.keys(left.localStorage).sort(), when).toEqual(
          Object.keys(KEPT_AFTER_LOGOUT)
            .filter((key) => key in left.localStorage)
            .sort(),
        );
        // the toggle's last position stays (it was flipped while signed in)
        expect(left.localStorage['estatenet.liveChat'], when).toMatch(/^(on|off)$/);
        expect(Object.keys(left.sessionStorage).sort(), when).toEqual(
          Object.keys(KEPT_IN_TAB)
            .filter((key) => key in left.sessionStorage)
            .sort(),
        );
        const scrolls = JSON.parse(left.sessionStorage['react-router-scroll-positions'] ?? '{}') as object;
        for (const [key, position] of Object.entries(scrolls)) {
          expect(key, when).toMatch(/^[a-z0-9]+$/);
          expect(typeof position, when).toBe('number');
        }
        expect(left.cookies, when).toBe('');
        expect(await page.context().cookies(), when).toEqual([]);
        expect(left.indexedDb, when).toEqual([]);
        expect(left.caches, when).toEqual([]);
        // and nothing that stays names the session or its agent
        const everything = JSON.stringify(left);
        for (const secret of [token, refreshToken, admin.agentId, admin.email, agencyId])
          expect(everything, when).not.toContain(secret);
      }
      await page.context().close();
    },
  );
});
