/**
 * The concurrency project as one file. Its suites compare whole-table snapshots and race counters, so no two
 * may run at once; as one file they run one after another in one worker, beside the other projects. (As
 * separate files with `fileParallelism: false`, Vitest ran them alone after every other project: a minute
 * of one busy core at the end of each run.) Run one suite with `-t`, e.g.
 * `npx vitest run --project concurrency -t "deals raced"`.
 */
import './coverage.suite.ts';
import './deals.suite.ts';
import './domain-proofs.suite.ts';
import './feature-limits.suite.ts';
import './idempotency.suite.ts';
import './limited-routes.suite.ts';
import './matches.suite.ts';
import './seats.suite.ts';
import './team-accepts.suite.ts';
import './verifications.suite.ts';
import './website-leads.suite.ts';
