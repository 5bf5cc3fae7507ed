import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { manifest } from '#contracts/manifest';
import { eventRules } from '#events/rules';
import { PLANNED_HANDLER_FILE } from '#lib/planned';
import { LAMBDA_BUNDLE } from '../../infra/lib/bundle-options.ts';

/**
 * `npm run bench`: per handler, the minified bundle size (esbuild metafile, the options the CDK uses)
 * and the median time to import it in a fresh Node process. Writes bench/results.json and a markdown
 * table (bench/results.md) and prints the table.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const IMPORT_RUNS = Number(process.env.BENCH_RUNS ?? 7);

interface HandlerFigures {
  handler: string;
  routes: string[];
  bundleBytes: number;
  medianImportMs: number;
}

const handlers = new Map<string, string[]>();
for (const route of manifest) {
  const file = route.status === 'implemented' ? route.handler : PLANNED_HANDLER_FILE;
  handlers.set(file, [...(handlers.get(file) ?? []), route.id]);
}
for (const rule of eventRules)
  if (rule.status === 'implemented') handlers.set(rule.consumer, [`rule:${rule.name}`]);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function timeImport(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: {
      ...process.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      AWS_REGION: 'us-east-1',
    },
  });
  if (result.status !== 0) throw new Error(`importing ${file} failed: ${result.stderr}`);
  return Number(result.stdout);
}

const outDirectory = mkdtempSync(join(tmpdir(), 'estatenet-bench-'));
const figures: HandlerFigures[] = [];
try {
  for (const [handler, routes] of handlers) {
    const outfile = join(outDirectory, `${handler.replace(/[/.]/g, '_')}.mjs`);
    const result = await build({
      ...LAMBDA_BUNDLE,
      entryPoints: [join(ROOT, handler)],
      outfile,
      metafile: true,
      logLevel: 'error',
    });
    const bundleBytes = Object.values(result.metafile.outputs).reduce(
      (total, output) => total + output.bytes,
      0,
    );
    const times = Array.from({ length: IMPORT_RUNS }, () => timeImport(outfile));
    figures.push({ handler, routes, bundleBytes, medianImportMs: Math.round(median(times) * 10) / 10 });
  }
} finally {
  rmSync(outDirectory, { recursive: true, force: true });
}

const table = [
  '| handler | routes | bundle (KB, minified) | median cold import (ms) |',
  '|---|---:|---:|---:|',
  ...figures.map(
    (row) =>
      `| ${row.handler} | ${row.routes.length} | ${(row.bundleBytes / 1024).toFixed(1)} | ${row.medianImportMs.toFixed(1)} |`,
  ),
].join('\n');

mkdirSync(join(ROOT, 'bench'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, importRuns: IMPORT_RUNS, handlers: figures }, null, 2)}\n`,
);
writeFileSync(join(ROOT, 'bench/results.md'), `${table}\n`);
console.log(table);
console.log(
  `\n${figures.length} handlers measured (${IMPORT_RUNS} fresh-process imports each); written to bench/results.json and bench/results.md`,
);
