import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the files under the given paths. */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (!stats.isDirectory()) {
      newest = Math.max(newest, stats.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path))
      if (entry !== 'dist' && entry !== 'node_modules') visit(join(path, entry));
  };
  for (const path of paths) visit(path);
  return newest;
}

/** Builds the app with Vite when any of its sources is newer than the last build. */
export function buildFrontendIfStale(root: string): void {
  const builtIndex = join(root, 'frontend/dist/index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sources = ['frontend', 'contracts', 'package-lock.json'].map((path) => join(root, path));
  if (builtAt > newestChange(sources)) return;
  console.log('Building the app (vite build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The frontend build failed; see the messages above.');
}
