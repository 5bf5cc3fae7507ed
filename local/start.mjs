// `npm start`: plain JavaScript so it runs before dependencies exist. Installs them when node_modules
// is missing or older than package-lock.json, then hands over to the TypeScript local cloud.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const installedMarker = join(root, 'node_modules', '.package-lock.json');
const lockFile = join(root, 'package-lock.json');

const isStale =
  !existsSync(installedMarker) || statSync(lockFile).mtimeMs > statSync(installedMarker).mtimeMs;
if (isStale) {
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'local', 'main.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    // Lambda runs Node 22; the SDK's notice about this machine's Node 20 is not news to a developer.
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
);
// Ctrl-C reaches the child through the terminal's process group; wait for its clean shutdown.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
