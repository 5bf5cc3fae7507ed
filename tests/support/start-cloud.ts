import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { CloudInfo } from './cloud-info.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Vitest globalSetup body: starts a local cloud in its own process (the same code `npm start` runs), on
 * free ports, and provides its coordinates to the tests. Its log is kept in .test-artifacts/.
 */
export async function startTestCloud(project: TestProject, name: string, distDirectory?: string) {
  mkdirSync(join(ROOT, '.test-artifacts'), { recursive: true });
  const logFile = join(ROOT, '.test-artifacts', `${name}-cloud.log`);
  const log = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'local/serve-for-tests.ts'), ...(distDirectory ? [distDirectory] : [])],
    {
      cwd: ROOT,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr.pipe(log);
  const info = await new Promise<Omit<CloudInfo, 'logFile'>>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`the ${name} cloud did not start in 60 s; see ${logFile}`)),
      60_000,
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
    log.end();
  };
}
