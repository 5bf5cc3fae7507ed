import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { HASHED_ASSETS_PREFIX, isPrecompressedKey, PRECOMPRESSED_SUFFIX } from '#contracts/response-headers';
import { buildFrontendIfStale } from '#local/frontend-build';
import {
  EDITOR_ROUTE,
  FRONTEND_BUDGETS,
  type FrontendSizeReport,
  formatKb,
  frontendSizeTable,
  measureFrontend,
} from './frontend-size.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'frontend/dist');

describe('frontend budgets (initial JS per route, gzip)', () => {
  let report: FrontendSizeReport;

  beforeAll(() => {
    // the same build the e2e project serves: rebuilt only when the app's sources changed
    buildFrontendIfStale(ROOT);
    report = measureFrontend(DIST);
    console.log(`Frontend initial JS per route:\n${frontendSizeTable(report)}`);
    console.log(`Editor files: ${report.editorFiles.join(', ') || 'none'}`);
  }, 180_000);

  const route = (name: string) => {
    const found = report.routes.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no route named ${name} was measured`);
    return found;
  };

  it.each(Object.entries(FRONTEND_BUDGETS))('keeps the %s route within %d bytes', (name, budget) => {
    const { gzipBytes, files } = route(name);
    expect(gzipBytes, `${name}: ${formatKb(gzipBytes)} in ${files.join(', ')}`).toBeLessThanOrEqual(budget);
  });

  it("keeps the website editor out of every other route's initial load", () => {
    const editor = route(EDITOR_ROUTE);
    expect(editor.editorFiles.length, 'the web-builder route loads the editor chunk').toBeGreaterThan(0);
    for (const other of report.routes.filter((candidate) => candidate.name !== EDITOR_ROUTE)) {
      expect(other.editorFiles, `${other.name} loads editor code`).toEqual([]);
    }
    expect(report.editorInInitialGraph).toBe(false);
  });
});

describe("the opening screens' code, listed in index.html for boot.ts (src/app/openingScreens.ts)", () => {
  beforeAll(() => buildFrontendIfStale(ROOT), 180_000);

  it("lists every chunk of the shell's and the profile's modules that the entry does not load, and nothing else", () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const json = html.match(/<script type="application\/json" id="opening-chunks">(.*?)<\/script>/s)?.[1];
    expect(json, 'index.html has the list').toBeDefined();
    const listed = JSON.parse(json!) as Record<string, string[]>;
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const closure = (keys: string[]) => {
      const seen = new Set<string>();
      const pending = [...keys];
      for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
        if (seen.has(key)) continue;
        seen.add(key);
        pending.push(...(manifest[key]?.imports ?? []));
      }
      return new Set([...seen].map((key) => `/${manifest[key]!.file}`));
    };
    const withEntry = closure(['index.html']);
    const expected = (modules: string[]) =>
      [...closure(modules.map((module) => `src/${module}`))].filter((file) => !withEntry.has(file)).sort();

    expect([...listed['*']!].sort()).toEqual(
      expected(['features/shell/AppShell.tsx', 'features/shell/sessionReads.ts']),
    );
    expect([...listed['/agents/profile']!].sort()).toEqual(
      expected(['features/agents/ProfilePage.tsx', 'features/properties/MyPropertiesSection.tsx']),
    );
    for (const file of Object.values(listed).flat()) expect(existsSync(join(DIST, file)), file).toBe(true);
  });
});

describe("the build's Brotli of every hashed JS and CSS file (contracts/response-headers.ts)", () => {
  beforeAll(() => buildFrontendIfStale(ROOT), 180_000);

  it('writes `<file>.br` beside each one, holding exactly the file, and beside nothing else', () => {
    const assets = join(DIST, HASHED_ASSETS_PREFIX);
    const names = readdirSync(assets);
    const originals = names.filter((name) => !name.endsWith(PRECOMPRESSED_SUFFIX));
    const precompressed = originals.filter((name) => isPrecompressedKey(`${HASHED_ASSETS_PREFIX}${name}`));
    expect(precompressed.length).toBeGreaterThan(10);
    expect(names.filter((name) => name.endsWith(PRECOMPRESSED_SUFFIX)).sort()).toEqual(
      precompressed.map((name) => `${name}${PRECOMPRESSED_SUFFIX}`).sort(),
    );
    for (const name of precompressed) {
      const stored = readFileSync(join(assets, `${name}${PRECOMPRESSED_SUFFIX}`));
      expect(brotliDecompressSync(stored).equals(readFileSync(join(assets, name))), name).toBe(true);
    }
  });
});
