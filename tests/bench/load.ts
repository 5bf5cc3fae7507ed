import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { type RouteId, routes } from '#contracts/manifest';

/** Issue 4's load budget: no errors, and a p99 latency at most three times the median. */
export const LOAD_CONNECTIONS = 20;
export const LOAD_SECONDS = 10;
export const LOAD_ERRORS_BUDGET = 0;
export const LOAD_P99_OVER_P50_BUDGET = 3;

interface Caller {
  agentId: string;
  token: string;
}

/** The main read endpoints, by manifest id, with the path parameters the signed-in caller uses. */
export const MAIN_READ_ENDPOINTS: ReadonlyArray<{
  route: RouteId;
  params?: (caller: Caller) => Record<string, string>;
}> = [
  { route: 'getAgent', params: (caller) => ({ id: caller.agentId }) },
  { route: 'listProperties' },
  { route: 'listFiles' },
  { route: 'listClients' },
];

export interface EndpointLoad {
  /** `GET /api/agents/{id}` */
  endpoint: string;
  /** the path requested */
  path: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  p99OverP50: number;
  /** non-2xx answers plus socket errors and timeouts */
  errors: number;
  non2xx: number;
  socketErrors: number;
  withinBudget: boolean;
}

export interface LoadReport {
  connections: number;
  durationSeconds: number;
  /** the seeded account the requests are signed in as */
  signedInAs: string;
  endpoints: EndpointLoad[];
  /** endpoints that did not answer 2xx to a single request, so were not loaded */
  failed: Array<{ endpoint: string; reason: string }>;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

/** Runs autocannon in its own process, so the load generator does not share the cloud's event loop. */
function autocannon(url: string, token: string, seconds: number): Promise<Result> {
  const args = [
    AUTOCANNON,
    ...['--connections', String(LOAD_CONNECTIONS), '--duration', String(seconds)],
    ...['--headers', `authorization=Bearer ${token}`, '--json', '--no-progress', url],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`exited with ${code}`);
        resolve(JSON.parse(stdout) as Result);
      } catch (error) {
        reject(new Error(`autocannon against ${url} failed (${(error as Error).message}): ${stderr}`));
      }
    });
  });
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Starts a local cloud in this process (the handlers run here, as under `npm start`), seeds the demo
 * data, signs in the demo agency admin and loads each main read endpoint with autocannon.
 */
export async function measureLocalApiLoad(
  options: { seconds?: number; log?: (line: string) => void } = {},
): Promise<LoadReport> {
  const seconds = options.seconds ?? LOAD_SECONDS;
  const log = options.log ?? (() => undefined);
  // as under `npm start`: handler logs are warnings and errors only, and no SDK notice about Node 20
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { findCognitoUser, signIn } = await import('#local/accounts');
  const { startLocalCloud } = await import('#local/cloud');

  const dataDirectory = mkdtempSync(join(tmpdir(), 'estatenet-bench-cloud-'));
  // the first request lines that were not answered 2xx, to explain errors
  const failedRequests: string[] = [];
  const cloud = await startLocalCloud({
    dataDirectory,
    log: (line) => {
      if (failedRequests.length < 5 && !/ 2\d\d \d+ms$/.test(line)) failedRequests.push(line);
    },
  });
  try {
    // the seed reaches the table through the entity layer, whose configuration is read at import: after
    // the cloud has set it
    const { seedDemoData } = await import('#local/seed');
    const demo = await seedDemoData(cloud);
    const agentId = await findCognitoUser(cloud.userPool, demo.email);
    if (!agentId) throw new Error(`the seeded ${demo.email} has no Cognito user`);
    const { accessToken } = await signIn(cloud.userPool, demo.email, demo.password);
    const caller: Caller = { agentId, token: accessToken };

    const endpoints: EndpointLoad[] = [];
    const failed: LoadReport['failed'] = [];
    for (const { route: id, params } of MAIN_READ_ENDPOINTS) {
      const route = routes[id];
      const path = Object.entries(params?.(caller) ?? {}).reduce(
        (filled, [name, value]) => filled.replace(`{${name}}`, encodeURIComponent(value)),
        route.path as string,
      );
      const url = `${cloud.appUrl}${path}`;
      // warm the handler (first import, JWKS, connections) so the run measures a warm container
      const warmUp = await fetch(url, { headers: { authorization: `Bearer ${caller.token}` } });
      if (!warmUp.ok) {
        const reason = `answered ${warmUp.status} before the load: ${(await warmUp.text()).slice(0, 200)}`;
        failed.push({ endpoint: `${route.method} ${route.path}`, reason });
        continue;
      }
      failedRequests.length = 0;
      const result = await autocannon(url, caller.token, seconds);
      // autocannon's `errors` counts socket errors and timeouts
      const socketErrors = result.errors;
      const errors = result.non2xx + socketErrors;
      const p99OverP50 = result.latency.p50 > 0 ? result.latency.p99 / result.latency.p50 : 0;
      if (errors > 0)
        log(`${route.method} ${path}: ${errors} errors; first ones:\n  ${failedRequests.join('\n  ')}`);
      endpoints.push({
        endpoint: `${route.method} ${route.path}`,
        path,
        requests: result.requests.total,
        requestsPerSecond: round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        p99OverP50: round(p99OverP50, 2),
        errors,
        non2xx: result.non2xx,
        socketErrors,
        withinBudget:
          result.requests.total > 0 && errors <= LOAD_ERRORS_BUDGET && p99OverP50 <= LOAD_P99_OVER_P50_BUDGET,
      });
    }
    return {
      connections: LOAD_CONNECTIONS,
      durationSeconds: seconds,
      signedInAs: demo.email,
      endpoints,
      failed,
    };
  } finally {
    await cloud.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}
