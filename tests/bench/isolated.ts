import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Runs one bench part in a Node process of its own: the handlers and the entity layer read a local
 * cloud's endpoints once per process, and `npm run bench` runs several clouds one after another. The child
 * is the part's own file, run with `BENCH_PART=<name>`; it prints `LOG …` lines and one `RESULT {json}`.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');

export function runBenchPartIsolated<T>(
  part: string,
  file: string,
  log: (line: string) => void = () => undefined,
): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, file)], {
      cwd: ROOT,
      env: { ...process.env, BENCH_PART: part },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    let result: T | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('LOG ')) log(line.slice(4));
        if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7)) as T;
      }
    });
    child.once('exit', (code) => {
      if (code === 0 && result) resolvePromise(result);
      else reject(new Error(`the ${part} bench exited with ${code}`));
    });
  });
}

/** In the child: runs the part when this process was started for it, and reports as the parent reads. */
export function runBenchPartIfChild<T>(
  part: string,
  measure: (log: (line: string) => void) => Promise<T>,
): void {
  if (process.env.BENCH_PART !== part) return;
  measure((line) => console.log(`LOG ${line}`))
    .then((report) => {
      console.log(`RESULT ${JSON.stringify(report)}`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
