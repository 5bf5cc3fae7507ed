import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REFUSAL_LOG_PREFIX } from '#local/iam/policy';
import { isProcessRunning } from '#local/process-alive';
import type { CloudInfo } from './cloud-info.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Vitest globalSetup body: starts a local cloud in its own process (the same code `npm start` runs), on
 * free ports, and provides its coordinates to the tests. Its log is kept in
 * .test-artifacts/<name>-cloud.<pid>.log: one file per run, since test runs in the same checkout may
 * overlap and the tests read their own cloud's log. Logs of runs that have ended are removed. When the
 * cloud stops, any call it refused for being outside a function's grant fails the run (unless the suite
 * provokes refusals on purpose: the fidelity contract).
 */
export async function startTestCloud(
  project: TestProject,
  name: string,
  distDirectory?: string,
  {
    refusalsFailTheRun = true,
    seedDemo = false,
  }: {
    refusalsFailTheRun?: boolean /** the demo accounts, seeded before the tests start */;
    seedDemo?: boolean;
  } = {},
) {
  const artifacts = join(ROOT, '.test-artifacts');
  mkdirSync(artifacts, { recursive: true });
  for (const file of readdirSync(artifacts)) {
    const run = new RegExp(`^${name}-cloud\\.(\\d+)\\.log$`).exec(file);
    if (run && !isProcessRunning(Number(run[1]))) rmSync(join(artifacts, file), { force: true });
  }
  const logFile = join(artifacts, `${name}-cloud.${process.pid}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'local/serve-for-tests.ts'),
      ...(distDirectory ? [distDirectory] : []),
      ...(seedDemo ? ['--seed-demo'] : []),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr.pipe(log);
  const info = await new Promise<Omit<CloudInfo, 'logFile'>>((resolve, reject) => {
    let buffered = '';
    const startSeconds = seedDemo ? 180 : 60;
    const timer = setTimeout(
      () => reject(new Error(`the ${name} cloud did not start in ${startSeconds} s; see ${logFile}`)),
      startSeconds * 1000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      log.write(chunk);
      buffered += chunk.toString();
      const ready = /^READY (.+)$/m.exec(buffered);
      if (ready) {
        clearTimeout(timer);
        resolve(JSON.parse(ready[1]!));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${name} cloud exited with ${code}; see ${logFile}`));
    });
  });
  project.provide('cloud', { ...info, logFile });
  return async () => {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    await new Promise<void>((resolve) => log.end(() => resolve()));
    // a call outside a function's grant (local/iam/) fails the run, as it would fail in AWS
    if (!refusalsFailTheRun) return;
    const refused = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes(REFUSAL_LOG_PREFIX));
    if (refused.length > 0) {
      throw new Error(
        `the ${name} cloud refused ${refused.length} call(s) outside a function's grant (see ${logFile}):\n${refused.slice(0, 20).join('\n')}`,
      );
    }
  };
}
