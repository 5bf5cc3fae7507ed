import { cruise, type IFlattenedRuleSet, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the code (docs/decisions.md, "Code layout"), checked over the real import graph: an import
 * runs down the layers only, and no runtime import circle exists. Type-only imports count for the layers (a
 * type from a higher layer is a dependency on it) but not for circles (`import type` is erased, so a slice
 * may name the store's RootState). Test files may reach for fixtures in tests/ and local/ and for the code of
 * a higher layer they test against, so the layer rules read the product's modules only.
 */
const OURS = ['contracts', 'functions', 'events', 'local', 'infra', 'frontend/src'];
const notTest = '\\.test\\.tsx?$';

const layer = (name: string, from: string, to: string): IForbiddenRuleType => ({
  name,
  severity: 'error',
  from: { path: from, pathNot: notTest },
  to: { path: to },
});

const rules: IFlattenedRuleSet = {
  forbidden: [
    layer(
      'contracts import only contracts',
      '^contracts/',
      '^(functions|events|local|infra|frontend|tests)/',
    ),
    layer(
      'functions/aws imports only contracts',
      '^functions/aws/',
      '^(functions/(?!aws/)|events/|local/|infra/|frontend/|tests/)',
    ),
    layer(
      'functions/platform imports only contracts and functions/aws',
      '^functions/platform/',
      '^(functions/(?!aws/|platform/)|events/|local/|infra/|frontend/|tests/)',
    ),
    layer(
      'functions never import events, local, infra, frontend or tests',
      '^functions/',
      '^(events|local|infra|frontend|tests)/',
    ),
    layer('events import only functions and contracts', '^events/', '^(local|infra|frontend|tests)/'),
    layer(
      'frontend imports only contracts and frontend',
      '^frontend/src/',
      '^(functions|events|local|infra|tests)/',
    ),
    {
      name: 'no import circle',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'every import of ours resolves',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^[.#]' },
    },
  ],
};

const describeViolation = (violation: IViolation) =>
  `${violation.rule.name}: ${violation.from} -> ${violation.to}${
    violation.cycle ? ` (circle: ${violation.cycle.map((step) => step.name).join(' -> ')})` : ''
  }`;

async function importGraph() {
  const tsConfig = extractTSConfig('./tsconfig.json');
  const { output } = await cruise(
    OURS,
    {
      validate: true,
      ruleSet: rules,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: './tsconfig.json' },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: ['node_modules', '\\.d\\.ts$'] },
    },
    { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
    { tsConfig },
  );
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a graph');
  return output;
}

describe('import structure', () => {
  it('runs every import down the layers, with no import circle', async () => {
    const graph = await importGraph();
    expect(graph.modules.length).toBeGreaterThan(500);
    const offending = graph.summary.violations.map(describeViolation);
    expect(offending, `imports against the layers or in a circle:\n${offending.join('\n')}`).toEqual([]);
  }, 120_000);
});
