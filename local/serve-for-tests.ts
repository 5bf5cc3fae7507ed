import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalCloud } from './cloud.ts';

/**
 * A throw-away local cloud for a test run: free ports, a temporary data directory (with the demo data when
 * started with `--seed-demo`), and one `READY {json}` line on stdout with what the tests need to reach it. Stops and cleans up on SIGTERM.
 */
const args = process.argv.slice(2);
const distDirectory = args.find((arg) => !arg.startsWith('--'));
const dataDirectory = mkdtempSync(join(tmpdir(), 'estatenet-test-'));
const cloud = await startLocalCloud({
  dataDirectory,
  ...(distDirectory ? { distDirectory } : {}),
  log: (line) => console.log(`[cloud] ${line}`),
});
// `--seed-demo`: the demo accounts `npm start` seeds, made once before any test file reads them
if (args.includes('--seed-demo')) {
  const { seedDemoData } = await import('./seed.ts');
  await seedDemoData(cloud);
}
// The tests' own door (not part of any AWS service): `POST /drain-events` answers once every event delivery
// in flight, and every one those deliveries caused, has finished, so a test waits on that, never on a sleep.
const control = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/drain-events') {
    response.writeHead(404).end();
    return;
  }
  cloud.drainEvents().then(
    () => response.writeHead(204).end(),
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
console.log(
  `READY ${JSON.stringify({ appUrl: cloud.appUrl, apiUrl: cloud.apiUrl, appConfig: cloud.appConfig, env: cloud.env, userPool: cloud.userPool, controlUrl })}`,
);

const shutdown = async () => {
  control.close();
  await cloud.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
