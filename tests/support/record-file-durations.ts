/**
 * `npm run test:durations`: writes each test file's duration (seconds) from the last run's
 * `.vitest-report.json` to `tests/support/file-durations.json`, the order the files start in next time
 * (tests/support/longest-first.ts). Run it after a full `npm test` on a quiet machine and commit the file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const report = JSON.parse(readFileSync(join(ROOT, '.vitest-report.json'), 'utf8')) as {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
};
const durations = Object.fromEntries(
  report.testResults
    .map(
      (file) => [relative(ROOT, file.name), Math.round((file.endTime - file.startTime) / 100) / 10] as const,
    )
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(join(ROOT, 'tests/support/file-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(
  `test:durations: ${Object.keys(durations).length} files written to tests/support/file-durations.json`,
);
