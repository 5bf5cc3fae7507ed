import type { TestProject } from 'vitest/node';
import { startTestCloud } from './start-cloud.ts';

/**
 * The concurrency project's cloud: like the integration project's, under its own name, so its log file
 * (`.test-artifacts/concurrency-cloud.<pid>.log`) never collides with another project's in one run.
 */
export default (project: TestProject) => startTestCloud(project, 'concurrency', 'tests/fixtures/app-dist');
