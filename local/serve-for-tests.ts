import { mkdtempSync, rmSync } from 'node:fs';
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
console.log(
  `READY ${JSON.stringify({ appUrl: cloud.appUrl, apiUrl: cloud.apiUrl, appConfig: cloud.appConfig, env: cloud.env, userPool: cloud.userPool })}`,
);

const shutdown = async () => {
  await cloud.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
