import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORTS, REPO_ROOT, startLocalCloud } from './cloud.ts';
import { PortInUseError } from './ports.ts';

const args = new Set(process.argv.slice(2));
const dataDirectory = join(REPO_ROOT, '.data');
const distDirectory = join(REPO_ROOT, 'frontend/dist');

/** Newest modification time under the given paths (files only). */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'dist' && entry !== 'node_modules') visit(join(path, entry));
    } else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const path of paths) visit(path);
  return newest;
}

function buildFrontendIfStale() {
  const builtAt = existsSync(join(distDirectory, 'index.html')) ? statSync(join(distDirectory, 'index.html')).mtimeMs : 0;
  const sources = ['frontend', 'contracts', 'package-lock.json'].map((path) => join(REPO_ROOT, path));
  if (builtAt > newestChange(sources)) return;
  console.log('Building the app (vite build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The frontend build failed; see the messages above.');
}

const time = () => new Date().toTimeString().slice(0, 8);

async function main() {
  if (args.has('--fresh')) {
    rmSync(dataDirectory, { recursive: true, force: true });
    console.log('Removed .data/ (fresh start).');
  }
  buildFrontendIfStale();
  // Handler logs: warnings and errors only, so the console keeps one readable line per request.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  const cloud = await startLocalCloud({
    ports: DEFAULT_PORTS,
    dataDirectory,
    distDirectory,
    log: (line) => console.log(`${time()} ${line}`),
  });
  const { seedDemoData } = await import('./seed.ts');
  const demo = await seedDemoData(cloud);

  console.log(`
  EstateNet is running on ${cloud.appUrl}

  Demo sign-in:  ${demo.email}  /  ${demo.password}
  Data:          .data/ (kept across restarts; npm start -- --fresh resets it)
  Stop:          Ctrl-C
`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local cloud…`);
    await cloud.stop();
    console.log('Stopped. Data is saved in .data/.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
