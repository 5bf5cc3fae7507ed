import { defineConfig } from 'vitest/config';

const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_DEV: 'false' };

/**
 * One runner, several projects: `unit` (pure code, components), `integration` (handlers through the local
 * API Gateway against the emulators), `authz` (the authorization matrix, driven by the route manifest),
 * `bad-input` (malformed requests generated from the manifest's schemas), `fidelity` (the local cloud's
 * contract: it refuses what AWS refuses, docs/cloud-fidelity.md), `concurrency` (limits raced,
 * deliveries repeated), `infra` (CDK assertions), `structure` (the import layers, tests/structure),
 * `budgets` (size budgets of the app's routes and the handlers) and `e2e` (Chromium against a local cloud).
 */
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    // Most files wait on a local cloud (its own process), not on the CPU: three at a time on two cores
    // halves the integration project's time (146 s → 80 s). Vitest's default would be one (cores − 1).
    maxWorkers: 3,
    // a condition polled by a test may take a few seconds on a busy machine (Vitest's default is 1 s)
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{contracts,events,functions,local}/**/*.test.ts',
            'frontend/src/**/*.test.{ts,tsx}',
            'tests/round-trips/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['frontend/src/test/setup.ts'],
          // the editor's tests run GrapesJS headless; beside the cloud suites a case can take several seconds
          testTimeout: 20_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // the files share one module graph per worker (no state of their own at module level): importing
          // the SDK and the handlers' code once per worker, not once per file, saves a fifth of the time
          isolate: false,
          globalSetup: ['tests/support/integration-setup.ts'],
          setupFiles: ['tests/support/env-from-cloud.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'fidelity',
          // one file importing every suite (they provoke refusals on purpose and read them back from the one
          // cloud log, so they run one after another), beside the other projects: tests/fidelity/suite.test.ts
          include: ['tests/fidelity/suite.test.ts'],
          globalSetup: ['tests/support/fidelity-setup.ts'],
          setupFiles: ['tests/support/env-from-cloud.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'authz',
          include: ['tests/authz/**/*.test.ts'],
          // the files share one module graph per worker (no state of their own at module level): importing
          // the SDK and the handlers' code once per worker, not once per file, saves a fifth of the time
          isolate: false,
          globalSetup: ['tests/support/authz-setup.ts'],
          setupFiles: ['tests/support/env-from-cloud.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'concurrency',
          // one file importing every suite (the idempotency cases compare whole-table snapshots: nothing else
          // may write to this cloud meanwhile), beside the other projects: tests/concurrency/suite.test.ts
          include: ['tests/concurrency/suite.test.ts'],
          globalSetup: ['tests/support/concurrency-setup.ts'],
          setupFiles: ['tests/support/env-from-cloud.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'bad-input',
          include: ['tests/bad-input/**/*.test.ts'],
          globalSetup: ['tests/support/bad-input-setup.ts'],
          setupFiles: ['tests/support/env-from-cloud.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          // a stage's synthesis (infra/support/stacks.ts caches it per module graph) is shared by the files
          // a worker runs: each file synthesized prod and dev again before (276 s of CI time, 8 files)
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'structure',
          include: ['tests/structure/**/*.test.ts'],
          // one walk of the whole import graph (dependency-cruiser): about 20 s
          testTimeout: 120_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'budgets',
          include: ['tests/budgets/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          env,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-setup.ts'],
          // a browser test walks a whole flow (sign-in, several screens); two run side by side
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // two Chromiums at a time (after the other projects): each file signs in its own accounts
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          env,
        },
      },
    ],
  },
});
