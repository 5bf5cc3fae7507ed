import type { TestProject } from 'vitest/node';
import { startTestCloud } from './start-cloud.ts';

/** The fidelity project's cloud: the contract suite (tests/fidelity) probes the emulators as AWS would be. */
export default (project: TestProject) => startTestCloud(project, 'fidelity', 'tests/fixtures/app-dist');
