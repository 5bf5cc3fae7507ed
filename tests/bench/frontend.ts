import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FrontendSizeReport, measureFrontend } from '../budgets/frontend-size.ts';

/**
 * Builds the app as `npm run build` does, with its Vite manifest, into a temporary directory (so
 * `frontend/dist`, which `npm start` serves, is neither rewritten nor measured stale) and measures each
 * route's initial JS with the budgets module of `npm test`.
 */
export function measureFrontendBuild(root: string): FrontendSizeReport {
  const distDirectory = mkdtempSync(join(tmpdir(), 'estatenet-bench-dist-'));
  try {
    const build = spawnSync(
      'npm',
      [
        'run',
        'build',
        '--silent',
        '--',
        '--outDir',
        distDirectory,
        '--emptyOutDir',
        '--manifest',
        '--logLevel',
        'warn',
      ],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (build.status !== 0) throw new Error('the frontend build failed; see the messages above');
    return measureFrontend(distDirectory);
  } finally {
    rmSync(distDirectory, { recursive: true, force: true });
  }
}
