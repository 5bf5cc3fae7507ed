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

/**
 * Cold-import times of a handler bundle and of its floor, alternating (handler, floor, handler, …) over
 * `runs` rounds so that both see the same machine load; medians and the handler/floor ratio.
 */
export function alternatingColdImports(
  handlerFile: string,
  floorFile: string,
  runs: number,
): {
  handler: { runsMs: number[]; medianMs: number };
  floor: { runsMs: number[]; medianMs: number };
  ratio: number;
} {
  const handlerRuns: number[] = [];
  const floorRuns: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    handlerRuns.push(Math.round(timeColdImport(handlerFile) * 10) / 10);
    floorRuns.push(Math.round(timeColdImport(floorFile) * 10) / 10);
  }
  const handler = { runsMs: handlerRuns, medianMs: Math.round(median(handlerRuns) * 10) / 10 };
  const floor = { runsMs: floorRuns, medianMs: Math.round(median(floorRuns) * 10) / 10 };
  return { handler, floor, ratio: median(handlerRuns) / median(floorRuns) };
}
