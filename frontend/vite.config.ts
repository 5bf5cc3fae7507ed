import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isPrecompressedKey, PRECOMPRESSED_SUFFIX } from '../contracts/response-headers.ts';
import { OPENING_CHUNKS_ELEMENT_ID, OPENING_SCREEN_MODULES } from './src/app/openingScreens.ts';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * `dist/.vite/chunk-modules.json`: the source modules whose code is in each built JS chunk, keyed like the Vite manifest
 * (`src/...`, `../node_modules/...`). The manifest names chunks but not what they hold; the size budgets
 * (tests/budgets) use this to tell which chunks carry the website editor's code.
 */
function chunkModulesRecord(): Plugin {
  return {
    name: 'estatenet:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const record: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        record[output.fileName] = Object.entries(output.modules)
          .filter(([id, module]) => module.renderedLength > 0 && !id.startsWith('\0'))
          .map(([id]) => relative(frontendRoot, id.split('?')[0]!).replaceAll('\\', '/'));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(record) });
    },
  };
}

/**
 * index.html's list of the JS chunks each opening screen needs beyond the entry (src/app/openingScreens.ts),
 * as `<script type="application/json">` for boot.ts: the static imports of each named module's chunk, with
 * the chunk, less what the entry already loads. A module that is no longer a chunk of its own fails the build.
 */
function openingChunks(): Plugin {
  return {
    name: 'estatenet:opening-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (files: string[]) => {
          const seen = new Set<string>();
          const pending = [...files];
          for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
            if (seen.has(file)) continue;
            seen.add(file);
            pending.push(...(byFile.get(file)?.imports ?? []));
          }
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        if (!entry) throw new Error('the app entry was not built');
        const loadedWithEntry = closure([entry.fileName]);
        const listed = Object.fromEntries(
          Object.entries(OPENING_SCREEN_MODULES).map(([screen, modules]) => {
            const files = modules.map((module) => {
              const chunk = chunks.find(
                (candidate) => candidate.facadeModuleId === fileURLToPath(new URL(module, import.meta.url)),
              );
              if (!chunk)
                throw new Error(`${module} (src/app/openingScreens.ts) is not a chunk of the build`);
              return chunk.fileName;
            });
            return [
              screen,
              [...closure(files)].filter((file) => !loadedWithEntry.has(file)).map((file) => `/${file}`),
            ];
          }),
        );
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: OPENING_CHUNKS_ELEMENT_ID },
            children: JSON.stringify(listed),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * `<file>.br` beside every hashed JS and CSS file, Brotli at quality 11 (contracts/response-headers.ts,
 * `isPrecompressedKey`): deployed with `Content-Encoding: br` and sent by the route guard function to
 * viewers that take Brotli. Compressed in parallel on libuv's threads, after the files are written.
 */
function precompressedAssets(): Plugin {
  const compress = promisify(brotliCompress);
  return {
    name: 'estatenet:precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? join(frontendRoot, 'dist');
      await Promise.all(
        Object.values(bundle)
          .filter((output) => isPrecompressedKey(output.fileName))
          .map(async (output) => {
            const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
            const compressed = await compress(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            await writeFile(join(outDir, `${output.fileName}${PRECOMPRESSED_SUFFIX}`), compressed);
          }),
      );
    },
  };
}

const BOOT_ENTRY = 'src/boot.ts';

/**
 * src/boot.ts as an entry of its own, its tag first in the head (`async`): it must not wait for the app's
 * entry, which a second script in index.html would be merged into. The dev server serves the source.
 */
function bootScript(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'estatenet:boot-script',
    configResolved(config) {
      command = config.command;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const built = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'boot',
        );
        const src = command === 'build' ? built && `/${built.fileName}` : `/${BOOT_ENTRY}`;
        if (!src) throw new Error('the boot script was not built');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: command === 'build', src },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

// A build is always a production build: Vitest sets NODE_ENV=test, and the e2e project's global setup
// builds the app from inside Vitest, which would otherwise ship React's development bundle.
if (process.argv.includes('build') && process.env.NODE_ENV !== 'production') {
  process.env.NODE_ENV = 'production';
}
const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:3000';

// Shared contracts are imported as `#contracts/*` (package.json "imports"), which Vite and TypeScript both
// resolve from the root package.json, so no alias is needed for them.
export default defineConfig({
  root: frontendRoot,
  plugins: [
    react(),
    tailwindcss(),
    chunkModulesRecord(),
    bootScript(),
    openingChunks(),
    precompressedAssets(),
  ],
  build: {
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        boot: fileURLToPath(new URL(BOOT_ENTRY, import.meta.url)),
      },
    },
    outDir: 'dist',
    emptyOutDir: true,
    // No asset becomes a data: URL: the default profile picture, inlined, was fetched by Chromium outside
    // any <img> on profile pages, a connect-src request the app's CSP (contracts/response-headers.ts) refuses;
    // as a file of our origin it is allowed, and cached for a year like the other hashed files.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the chunk graph the route size budgets (tests/budgets) are measured from
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(
      // the runtime config, the local auth stand-in and uploaded media come from the local cloud too
      ['/api', '/cloud', '/websites', '/website-domains', '/app-config.json', '/local-auth', '/media'].map(
        (prefix) => [prefix, apiTarget],
      ),
    ),
  },
});
