import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildFrontendIfStale } from '#local/frontend-build';
import { startTestCloud } from './start-cloud.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The e2e project's cloud serves the real build of the app, with the demo accounts seeded once before any
 * file starts (the files run side by side, so none of them may seed on its own).
 */
export default (project: TestProject) => {
  buildFrontendIfStale(ROOT);
  return startTestCloud(project, 'e2e', join(ROOT, 'frontend/dist'), { seedDemo: true });
};
