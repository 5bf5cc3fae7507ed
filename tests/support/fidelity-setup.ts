import type { TestProject } from 'vitest/node';
import { startTestCloud } from './start-cloud.ts';

/**
 * The fidelity project's cloud: the contract suite (tests/fidelity) probes the emulators as AWS would be,
 * calls outside a function's grant included (so its refusals do not fail the run; every other suite's do).
 */
export default (project: TestProject) =>
  startTestCloud(project, 'fidelity', 'tests/fixtures/app-dist', { refusalsFailTheRun: false });
