import type { TestProject } from 'vitest/node';
import { startTestCloud } from './start-cloud.ts';

/** The integration project's cloud: the API and emulators; the app is served from a fixture build. */
export default (project: TestProject) => startTestCloud(project, 'integration', 'tests/fixtures/app-dist');
