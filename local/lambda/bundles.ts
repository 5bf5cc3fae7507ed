import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_BUNDLE } from '../../infra/lib/bundle-options.ts';
import { isProcessRunning } from '../process-alive.ts';

/**
 * Handlers bundled for the local Lambda as the CDK bundles them (infra/lib/bundle-options.ts: ESM, the
 * packages' module builds, env-only credentials), unminified with source maps and for this machine's
 * Node. A bundle is kept in node_modules/.cache/local-lambdas/<checkout> with the list of its input files (size and
 * modification time) and rebuilt only when one of them changed; test clouds started at the same time
 * share it (each writes by rename, so a reader never sees half a file).
 */

/**
 * The cache of one checkout: worktrees of the repository may share one node_modules (a link), and their
 * sources differ, so each checkout keeps its own bundles and lock (sharing one, they rebuilt each other's
 * bundles on every cold start).
 */
function cacheOf(root: string): string {
  const checkout = createHash('sha256').update(realpathSync(root)).digest('hex').slice(0, 12);
  return join(root, 'node_modules/.cache/local-lambdas', checkout);
}

interface InputsRecord {
  /** input path (relative to the root) → `size:mtimeMs` */
  inputs: Record<string, string>;
}

const outputName = (file: string) => file.replace(/\.ts$/, '').replace(/[^a-zA-Z0-9-]+/g, '_');
const stamp = (path: string): string | undefined => {
  try {
    const stats = statSync(path);
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return undefined;
  }
};

function isFresh(root: string, file: string): boolean {
  const directory = cacheOf(root);
  try {
    const record = JSON.parse(
      readFileSync(join(directory, `${outputName(file)}.inputs.json`), 'utf8'),
    ) as InputsRecord;
    return Object.entries(record.inputs).every(([input, value]) => stamp(resolve(root, input)) === value);
  } catch {
    return false;
  }
}

const building = new Map<string, Promise<void>>();

/**
 * One builder at a time across processes (test clouds start together): the lock is a directory naming its
 * holder; a lock whose holder is gone is taken over.
 */
async function withBuildLock<T>(root: string, run: () => Promise<T>): Promise<T> {
  const lock = `${cacheOf(root)}.lock`;
  for (;;) {
    try {
      mkdirSync(lock, { recursive: false });
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // being created or removed right now
      }
      if (Number.isInteger(holder) && holder > 0 && !isProcessRunning(holder))
        rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds the stale bundles of these handler files, in one esbuild run. */
export async function prepareBundles(root: string, files: readonly string[]): Promise<void> {
  const stale = [...new Set(files)].filter((file) => !building.has(file) && !isFresh(root, file));
  if (stale.length === 0) {
    await Promise.all(files.map((file) => building.get(file)));
    return;
  }
  mkdirSync(dirname(cacheOf(root)), { recursive: true });
  // another process may have built them while this one waited for the lock
  const run = withBuildLock(root, async () => {
    const still = stale.filter((file) => !isFresh(root, file));
    if (still.length > 0) await buildBundles(root, still);
  });
  for (const file of stale) building.set(file, run);
  try {
    await Promise.all([run, ...files.map((file) => building.get(file))]);
  } finally {
    for (const file of stale) if (building.get(file) === run) building.delete(file);
  }
}

async function buildBundles(root: string, files: readonly string[]): Promise<void> {
  const directory = cacheOf(root);
  // a sibling of the cache, so the source maps' relative paths hold once the files are moved into it
  const scratch = `${directory}-build-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(scratch, { recursive: true });
  mkdirSync(directory, { recursive: true });
  try {
    const result = await build({
      ...LAMBDA_BUNDLE,
      // this machine's Node (Lambda's is 22); readable, with source maps for the stack traces in the log
      target: `node${process.versions.node.split('.')[0]}`,
      minify: false,
      sourcemap: 'linked',
      // the maps only need to map stack traces back to the files, which are on this disk
      sourcesContent: false,
      entryPoints: Object.fromEntries(files.map((file) => [outputName(file), resolve(root, file)])),
      outdir: scratch,
      outExtension: { '.js': '.mjs' },
      absWorkingDir: root,
      metafile: true,
      logLevel: 'error',
    });
    for (const file of files) {
      const name = outputName(file);
      renameSync(join(scratch, `${name}.mjs.map`), join(directory, `${name}.mjs.map`));
      renameSync(join(scratch, `${name}.mjs`), join(directory, `${name}.mjs`));
      const record: InputsRecord = { inputs: {} };
      for (const input of inputsOf(result.metafile, `${name}.mjs`)) {
        const value = stamp(resolve(root, input));
        if (value) record.inputs[input] = value;
      }
      const recordFile = join(scratch, `${name}.inputs.json`);
      writeFileSync(recordFile, JSON.stringify(record));
      renameSync(recordFile, join(directory, `${name}.inputs.json`));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function inputsOf(metafile: Metafile, output: string): string[] {
  const entry = Object.entries(metafile.outputs).find(([path]) => path.endsWith(`/${output}`));
  return entry ? Object.keys(entry[1].inputs).filter((input) => !input.startsWith('<')) : [];
}

/** The bundle of a handler file (built now if it is missing or stale). */
export async function bundleOf(root: string, file: string): Promise<URL> {
  await prepareBundles(root, [file]);
  return pathToFileURL(join(cacheOf(root), `${outputName(file)}.mjs`));
}
