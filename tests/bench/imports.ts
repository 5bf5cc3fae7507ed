import { spawnSync } from 'node:child_process';

/** The median of some measurements. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Milliseconds a fresh Node process takes to import a bundle: module parse and evaluation, including
 * the SDK clients and configuration created at module scope, as in a Lambda cold start.
 */
export function timeColdImport(file: string): number {
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

/** Cold-import times of a bundle over `runs` fresh processes, rounded to 0.1 ms, and their median. */
export function coldImportTimes(file: string, runs: number): { runsMs: number[]; medianMs: number } {
  const runsMs = Array.from({ length: runs }, () => Math.round(timeColdImport(file) * 10) / 10);
  return { runsMs, medianMs: Math.round(median(runsMs) * 10) / 10 };
}
