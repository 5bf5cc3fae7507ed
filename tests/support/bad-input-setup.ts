import type { TestProject } from 'vitest/node';
import { startTestCloud } from './start-cloud.ts';

/**
 * The bad-input project's cloud: like the integration project's, under its own name, so its log file
 * (`.test-artifacts/bad-input-cloud.<pid>.log`) never collides with another project's in one run.
 */
export default (project: TestProject) => startTestCloud(project, 'bad-input', 'tests/fixtures/app-dist');
