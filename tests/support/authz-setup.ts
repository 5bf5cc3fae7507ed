import type { TestProject } from 'vitest/node';
import { startTestCloud } from './start-cloud.ts';

/**
 * The authz project's cloud: like the integration project's, under its own name, so its log file
 * (`.test-artifacts/authz-cloud.<pid>.log`) never collides with the integration cloud's in one run.
 */
export default (project: TestProject) => startTestCloud(project, 'authz', 'tests/fixtures/app-dist');
