/**
 * The fidelity project (docs/cloud-fidelity.md) as one file. Its suites provoke refusals on purpose and read
 * them back from the one cloud log, so no two may run at once; as one file they run one after another in one
 * worker, beside the other projects, instead of alone at the end of the run. Run one suite with `-t`, e.g.
 * `npx vitest run --project fidelity -t "presigned POST"`.
 */
import './api-gateway.suite.ts';
import './dns.suite.ts';
import './dynamodb.suite.ts';
import './eventbridge.suite.ts';
import './grants.suite.ts';
import './headers.suite.ts';
import './s3.suite.ts';
