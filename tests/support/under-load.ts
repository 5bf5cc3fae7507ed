/**
 * `npm run test:under-load`: the whole Vitest suite several times in a row while CPU hogs keep the machine
 * busy, as a shared CI runner is (issue 19: "the whole suite passes three consecutive runs while the
 * machine is loaded"). A test that only passes on a quiet machine waits on time instead of on a condition;
 * this is how to find it before CI does.
 *
 *   npm run test:under-load                  # 3 runs, one hog per two cores
 *   npm run test:under-load -- --runs 1 --hogs 2
 *   npm run test:under-load -- --runs 2 -- --project fidelity     # a part of the suite
 *
 * Each hog is a process spinning on one core for the whole session (a plain busy loop: no I/O, so it takes
 * exactly the CPU a competing job would). Each run writes its own JSON report; the summary names every
 * failed test of every run, and the exit code is non-zero when any run had a failure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..', '..');

const { values, positionals } = parseArgs({
  // what follows `--` goes to Vitest as it is (a project, file filters)
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    hogs: { type: 'string', default: String(Math.max(1, Math.floor(availableParallelism() / 2))) },
  },
});
const runs = Number(values.runs);
const hogCount = Number(values.hogs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');
if (!Number.isInteger(hogCount) || hogCount < 0) throw new Error('--hogs must be a whole number');

interface RunResult {
  run: number;
  seconds: number;
  passed: number;
  failed: number;
  failures: string[];
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    assertionResults: Array<{ status: string; fullName: string }>;
  }>;
}

const hogs: ChildProcess[] = Array.from({ length: hogCount }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
process.on('SIGINT', () => process.exit(130));

function runSuite(run: number): Promise<RunResult> {
  // the JSON reporter of vitest.config.ts writes here; each run's copy is kept beside the cloud logs
  const reportFile = join(ROOT, '.vitest-report.json');
  rmSync(reportFile, { force: true });
  const started = Date.now();
  return new Promise((resolve) => {
    const vitest = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...positionals],
      { cwd: ROOT, stdio: 'inherit' },
    );
    vitest.once('exit', () => {
      const seconds = Math.round((Date.now() - started) / 1000);
      let report: VitestReport;
      try {
        report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
        copyFileSync(reportFile, join(ROOT, `.test-artifacts/under-load-${run}.json`));
      } catch {
        resolve({ run, seconds, passed: 0, failed: 1, failures: ['no report: the run did not finish'] });
        return;
      }
      const failures = report.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => `${file.name.replace(`${ROOT}/`, '')} > ${test.fullName}`),
      );
      resolve({ run, seconds, passed: report.numPassedTests, failed: report.numFailedTests, failures });
    });
  });
}

mkdirSync(join(ROOT, '.test-artifacts'), { recursive: true });
console.log(`test:under-load: ${runs} run(s) of the whole suite beside ${hogCount} CPU hog(s)`);
const results: RunResult[] = [];
for (let run = 1; run <= runs; run += 1) {
  const result = await runSuite(run);
  results.push(result);
  console.log(`run ${run}: ${result.passed} passed, ${result.failed} failed in ${result.seconds} s`);
}
stopHogs();

console.log('\ntest:under-load summary');
for (const result of results) {
  console.log(`  run ${result.run}: ${result.passed} passed, ${result.failed} failed, ${result.seconds} s`);
  for (const failure of result.failures) console.log(`    ✗ ${failure}`);
}
const failed = results.reduce((sum, result) => sum + result.failed, 0);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
