import { paths } from './paths.ts';

/** The key of the chunks every signed-in screen needs (not a path: no route is named so). */
export const SIGNED_IN_SCREENS = '*';

/**
 * The code a signed-in visit's first screen renders with, fetched beside the app's entry rather than after
 * it. The build lists each entry's chunks in index.html (vite.config.ts `openingChunks`, which fails the build
 * when a module named here no longer exists); boot.ts asks for them as `modulepreload`s for a returning
 * user. Without them the route's chunks were asked for only once the entry had run (~1.6 s into a phone's
 * load), and Vite's preload helper spent ~0.1 s of the main thread adding their links (docs/decisions.md
 * "Page load: the opening screen's code with the entry").
 *
 * The modules are those router.tsx loads lazily for the screen: its `lazy` component and the module its
 * `handle.prefetchData` imports.
 */
export const OPENING_SCREEN_MODULES: Record<string, readonly string[]> = {
  // every signed-in screen: the shell route and its session reads
  [SIGNED_IN_SCREENS]: ['src/features/shell/AppShell.tsx', 'src/features/shell/sessionReads.ts'],
  // where a sign-in lands
  [paths.profile]: ['src/features/agents/ProfilePage.tsx', 'src/features/properties/MyPropertiesSection.tsx'],
};

/** The id of index.html's JSON list of chunk URLs per opening screen. */
export const OPENING_CHUNKS_ELEMENT_ID = 'opening-chunks';
