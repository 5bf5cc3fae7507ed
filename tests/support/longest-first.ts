import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in: longest first, across projects (within each `sequence.groupOrder`). Vitest's
 * own order runs the projects one after another by name, so on a fresh clone the integration files (7 min
 * of work) started only after authz, bad-input, concurrency and infra, and a long unit file started last:
 * three workers idled at the end of each phase. Starting the longest files first leaves short ones to fill
 * the end. The durations are those of a past run (`tests/support/file-durations.json`, written by
 * `npm run test:durations` from `.vitest-report.json`); a file not listed counts as a short one. They only
 * decide the order, never what runs.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const DURATIONS_FILE = join(ROOT, 'tests/support/file-durations.json');
/** seconds assumed for a file the durations do not list (a new file) */
const UNKNOWN_FILE_SECONDS = 5;

function pastDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = pastDurations();
    const seconds = (file: TestSpecification) =>
      durations[relative(ROOT, file.moduleId)] ?? UNKNOWN_FILE_SECONDS;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        seconds(b) - seconds(a),
    );
  }
}
