import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { paths } from '../../frontend/src/app/paths.ts';

/**
 * Initial JavaScript per app route, measured from the Vite build manifest (`build.manifest: true`).
 * A route's initial JS is the entry chunk and its static imports (transitively) plus the route's lazy
 * chunks and their static imports: what the browser fetches before the route renders. Each file is
 * gzipped (level 9) on its own, as it is served, and the sizes are summed. Used by
 * tests/budgets/frontend.test.ts and `npm run bench`.
 */

/** One entry of `dist/.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface AppRoute {
  /** a short name for reports: login, dashboard, web-builder... */
  name: string;
  path: string;
  /** the lazy route modules that render the path, outermost layout first (manifest keys) */
  modules: string[];
}

const SHELL = 'src/features/shell/AppShell.tsx';

/** The routes we measure, with the lazy modules `frontend/src/app/router.tsx` loads for each. */
export const APP_ROUTES: AppRoute[] = [
  { name: 'login', path: paths.login, modules: ['src/features/auth/LoginPage.tsx'] },
  { name: 'register', path: paths.register, modules: ['src/features/auth/SignUpPage.tsx'] },
  // where a signed-in agent lands: the app's home (there is no /dashboard path)
  { name: 'dashboard', path: paths.profile, modules: [SHELL, 'src/features/agents/ProfilePage.tsx'] },
  { name: 'upgrade', path: paths.upgrade, modules: [SHELL, 'src/features/upgrade/UpgradePage.tsx'] },
  { name: 'templates', path: paths.templates, modules: [SHELL, 'src/features/templates/TemplatesPage.tsx'] },
  // the client table (TanStack Table) and the contract schemas its form validates with load here only
  { name: 'clients', path: paths.clients, modules: [SHELL, 'src/features/clients/ClientsPage.tsx'] },
  {
    name: 'web-builder',
    path: paths.webBuilder,
    modules: [SHELL, 'src/features/web-builder/WebBuilderPage.tsx'],
  },
];

/**
 * Budgets in gzip bytes (issue 4): the login and signed-in home routes' initial JS. The dashboard's counts
 * its listings since they paint with the profile (they hold its largest paint; lazy, they were fetched at
 * once all the same and cost a phone ~1 s of suspended rendering): docs/decisions.md "Page load".
 */
export const FRONTEND_BUDGETS: Record<string, number> = { login: 170_000, dashboard: 180_000 };

/** The one route allowed to load the website editor. */
export const EDITOR_ROUTE = 'web-builder';

/** The website editor's code: GrapesJS and our `features/web-builder` folder (paths as the manifest keys them). */
const EDITOR_MODULE = /^src\/features\/web-builder\/|\/node_modules\/(grapesjs|@grapesjs\/)/;

export interface RouteSize {
  name: string;
  route: string;
  /** built JS files (relative to the dist dir): the entry's graph, then the route's */
  files: string[];
  gzipBytes: number;
  /** those of `files` that hold editor code */
  editorFiles: string[];
}

export interface FrontendSizeReport {
  routes: RouteSize[];
  /** whether editor code is in the entry's graph or in the initial graph of any route but the editor's */
  editorInInitialGraph: boolean;
  /** every built file that holds editor code */
  editorFiles: string[];
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** `.vite/chunk-modules.json` (written by frontend/vite.config.ts): the source modules in each built file. */
function readChunkModules(distDir: string): Record<string, string[]> | undefined {
  const recordFile = join(distDir, '.vite', 'chunk-modules.json');
  return existsSync(recordFile) ? readJson<Record<string, string[]>>(recordFile) : undefined;
}

/**
 * The built files that hold editor code: from the chunk-modules record, or without it the chunks whose
 * facade module is editor code.
 */
function editorFilesOf(manifest: Manifest, chunkModules: Record<string, string[]> | undefined): Set<string> {
  if (chunkModules) {
    return new Set(
      Object.keys(chunkModules).filter((file) =>
        chunkModules[file]!.some((module) => EDITOR_MODULE.test(module)),
      ),
    );
  }
  return new Set(
    Object.entries(manifest)
      .filter(([key, chunk]) => EDITOR_MODULE.test(chunk.src ?? key))
      .map(([, chunk]) => chunk.file),
  );
}

/**
 * The manifest key of the chunk a route's `import()` of `module` loads: the module's own chunk, or the
 * chunk it was merged into (when something also imports it statically).
 */
function routeChunk(manifest: Manifest, chunkModules: Record<string, string[]> | undefined, module: string) {
  if (manifest[module]) return module;
  const file = chunkModules && Object.keys(chunkModules).find((name) => chunkModules[name]!.includes(module));
  const key = file && Object.keys(manifest).find((candidate) => manifest[candidate]!.file === file);
  if (!key) throw new Error(`${module} is in no chunk of the build: renamed, or no longer a route module?`);
  return key;
}

/** The manifest keys of `roots` and all they import statically, in depth-first order, each once. */
function staticGraph(manifest: Manifest, roots: string[], seen = new Set<string>()): Set<string> {
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** Per-route initial JS (gzip) of the build in `distDir`, and where the editor's code is. */
export function measureFrontend(distDir: string, routes: AppRoute[] = APP_ROUTES): FrontendSizeReport {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the app with build.manifest enabled`);
  }
  const manifest = readJson<Manifest>(manifestFile);
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length === 0) throw new Error(`${manifestFile} names no entry chunk`);
  const chunkModules = readChunkModules(distDir);
  const editorFiles = editorFilesOf(manifest, chunkModules);

  const gzipSizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      gzipSizes.set(file, size);
    }
    return size;
  };
  const jsFiles = (keys: Iterable<string>) =>
    [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));

  const entryFiles = jsFiles(staticGraph(manifest, entries));
  const sizes = routes.map((route): RouteSize => {
    const chunks = route.modules.map((module) => routeChunk(manifest, chunkModules, module));
    const files = jsFiles(staticGraph(manifest, chunks, staticGraph(manifest, entries)));
    return {
      name: route.name,
      route: route.path,
      files,
      gzipBytes: files.reduce((total, file) => total + gzipSize(file), 0),
      editorFiles: files.filter((file) => editorFiles.has(file)),
    };
  });

  return {
    routes: sizes,
    editorInInitialGraph:
      entryFiles.some((file) => editorFiles.has(file)) ||
      sizes.some((route) => route.name !== EDITOR_ROUTE && route.editorFiles.length > 0),
    editorFiles: [...editorFiles],
  };
}

/** "154.7 kB": bytes as Vite prints sizes (1 kB = 1000 bytes). */
export const formatKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A markdown table of the figures, for the test log and `npm run bench`. */
export function frontendSizeTable(report: FrontendSizeReport, budgets = FRONTEND_BUDGETS): string {
  return [
    '| route | path | initial JS (gzip) | budget | files |',
    '|---|---|---:|---:|---:|',
    ...report.routes.map(
      (route) =>
        `| ${route.name} | ${route.route} | ${formatKb(route.gzipBytes)} | ${
          budgets[route.name] === undefined ? '–' : formatKb(budgets[route.name]!)
        } | ${route.files.length} |`,
    ),
  ].join('\n');
}
