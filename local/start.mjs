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
  console.log('Installing dependencies…');
  const npm = (command) =>
    spawnSync('npm', [command, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  // npm 11's `npm ci` can reject a lockfile whose optional platform packages the registry lacks
  // (npm/cli#9846); `npm install` installs from the same lockfile.
  if (npm('ci').status !== 0 && npm('install').status !== 0) {
    console.error('Installing dependencies failed; see the messages above.');
    process.exit(1);
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
