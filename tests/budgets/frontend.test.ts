import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFrontendIfStale } from '#local/frontend-build';
import {
  EDITOR_ROUTE,
  FRONTEND_BUDGETS,
  type FrontendSizeReport,
  formatKb,
  frontendSizeTable,
  measureFrontend,
} from './frontend-size.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('frontend budgets (initial JS per route, gzip)', () => {
  let report: FrontendSizeReport;

  beforeAll(() => {
    // the same build the e2e project serves: rebuilt only when the app's sources changed
    buildFrontendIfStale(ROOT);
    report = measureFrontend(join(ROOT, 'frontend/dist'));
    console.log(`Frontend initial JS per route:\n${frontendSizeTable(report)}`);
    console.log(`Editor files: ${report.editorFiles.join(', ') || 'none'}`);
  }, 180_000);

  const route = (name: string) => {
    const found = report.routes.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no route named ${name} was measured`);
    return found;
  };

  it.each(Object.entries(FRONTEND_BUDGETS))('keeps the %s route within %d bytes', (name, budget) => {
    const { gzipBytes, files } = route(name);
    expect(gzipBytes, `${name}: ${formatKb(gzipBytes)} in ${files.join(', ')}`).toBeLessThanOrEqual(budget);
  });

  it("keeps the website editor out of every other route's initial load", () => {
    const editor = route(EDITOR_ROUTE);
    expect(editor.editorFiles.length, 'the web-builder route loads the editor chunk').toBeGreaterThan(0);
    for (const other of report.routes.filter((candidate) => candidate.name !== EDITOR_ROUTE)) {
      expect(other.editorFiles, `${other.name} loads editor code`).toEqual([]);
    }
    expect(report.editorInInitialGraph).toBe(false);
  });
});
