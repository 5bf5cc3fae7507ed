import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '#contracts/manifest';
import type { RouteDefinition } from '#contracts/route';
import { JPEG_1X1 } from '../fixtures/images.ts';
import { callApi, createTestAgency, formBody, jsonBody } from '../support/agents.ts';
import { snapshotState } from '../support/state-snapshot.ts';
import { type MalformedRequest, malformedRequests, type Owner, PNG, shapeRequests } from './malformed.ts';

/**
 * The bad-input suite: for every route of the manifest, at least 100 malformed requests
 * generated from its zod schemas, sent with the token of an agent that owns every object they name. Each
 * answer must be a 4xx JSON with an `error` message and nothing internal in it, and the table and the
 * buckets must be exactly as they were. Every route that takes a body also gets the same fixed shapes
 * (JSON nested 10,000 deep, 200,000 keys, prototype keys: `shapeRequests`), each to be answered 400.
 */

// issue 4 asks for at least 100 per route; each costs a Lambda invocation (token check, identity read), and
// 150 made this the suite's longest file (332 s of a 1,110 s CI run), past a public route's burst of 100
const REQUESTS_PER_ROUTE = 100;
const CONCURRENCY = 8;
const SEED = Number(process.env.BAD_INPUT_SEED ?? 42_026);

/** Internal detail that must never reach a client: exception names, stack frames, SDK and table words. */
const LEAK =
  /Exception|\n\s*at |\bat \S+ \(|:\d+:\d+\)|dynamodb|ConditionalCheck|electro|aws-sdk|node_modules|\.ts:\d+|TypeError|SyntaxError|RangeError|Internal error|ExclusiveStartKey/i;

/** A route with no path, query or body (GET /api/team) takes no input that could be malformed. */
const takesInput = (route: (typeof manifest)[number]) =>
  Boolean(route.request.path || route.request.query || route.request.body);
const routes = manifest.filter(takesInput);
type Route = RouteDefinition;
let owner: Owner & { token: string };
const totals = { routes: 0, requests: 0, serverErrors: 0 };

interface Failure {
  request: string;
  problem: string;
}

beforeAll(async () => {
  const agency = await createTestAgency();
  const client = await callApi('/api/clients', {
    ...jsonBody('POST', { full_name: 'Bad Input Client', tags: ['baseline'] }),
    token: agency.admin.token,
  });
  expect(client.status, '/api/clients').toBe(201);
  const listing = await callApi('/api/addProperty', {
    ...formBody({ title: 'Bad Input Listing', price: '250000', city: 'Lisbon' }, [
      { field: 'files', name: 'a.png', bytes: PNG, type: 'image/png' },
    ]),
    token: agency.admin.token,
  });
  expect(listing.status, '/api/addProperty').toBe(201);
  const { propertyId } = (await listing.json()) as { propertyId: string };
  const property = await callApi(`/api/properties/${propertyId}`, { token: agency.admin.token });
  owner = {
    agentId: agency.admin.agentId,
    agencyId: agency.agencyId,
    clientId: ((await client.json()) as { client_id: string }).client_id,
    propertyId,
    propertyImageUrls: ((await property.json()) as { imageOrder: string[] }).imageOrder,
    token: agency.admin.token,
  };
  // Give the owner media, so a request wrongly accepted would also show as a replaced or deleted object.
  for (const [path, fields, image] of [
    [
      '/api/upload-profile-picture',
      { agentId: owner.agentId, type: 'profile-picture' },
      [{ field: 'files', name: 'a.jpg', bytes: JPEG_1X1, type: 'image/jpeg' }],
    ],
    ['/api/upload-logo', {}, [{ field: 'files', name: 'a.png', bytes: PNG, type: 'image/png' }]],
  ] as const) {
    const response = await callApi(path, { ...formBody(fields, [...image]), token: owner.token });
    expect(response.status, path).toBe(200);
  }
}, 60_000);

afterAll(() => {
  console.log(
    `bad-input: ${totals.routes} routes, ${totals.requests} requests, ${totals.serverErrors} server errors`,
  );
  console.log(`bad-input: fast-check seed ${SEED} (set BAD_INPUT_SEED to try others)`);
});

describe('bad input', () => {
  it('has routes to cover', () => {
    expect(routes.length).toBeGreaterThan(0);
  });

  it.each(routes.map((route) => [route.id, route] as const))(
    '%s rejects malformed requests',
    async (_id, route) => {
      const sampled = fc.sample(malformedRequests(route, owner), {
        numRuns: REQUESTS_PER_ROUTE,
        seed: SEED,
      });
      expect(sampled.length).toBeGreaterThanOrEqual(100);
      const requests = [...sampled, ...shapeRequests(route, owner)];
      const before = await snapshotState(owner);
      const failures: Failure[] = [];
      await inPool(requests, CONCURRENCY, async (request) => {
        const problem = await check(request, route);
        if (problem) failures.push({ request: describeRequest(request), problem });
      });
      totals.routes += 1;
      totals.requests += requests.length;
      expect(failures.slice(0, 10), `${failures.length} of ${requests.length} requests failed`).toEqual([]);
      expect(await snapshotState(owner), 'the table and buckets are unchanged').toEqual(before);
    },
  );
});

/** API Gateway's own answer to a request past the route's throttle (no handler ran). */
const GATEWAY_THROTTLED = '{"message":"Too Many Requests"}';
/** How long one request may wait out its route's throttle (public routes: 100 at once, then 5–10 a second). */
const THROTTLE_WAIT_MS = 60_000;

/**
 * Sends one request; the answer and its text. A public route's throttle (PUBLIC_ROUTE_THROTTLE_MAX) is
 * smaller than the suite's volume per route: its 429 is the gateway's, before any validation, so the request
 * is sent again once the bucket has had time to refill a token (a poll with a deadline).
 */
async function send(request: MalformedRequest, route: Route): Promise<{ response: Response; text: string }> {
  const refill = Math.ceil(1000 / (route.throttle?.rate ?? 10));
  const deadline = Date.now() + THROTTLE_WAIT_MS;
  for (;;) {
    const response = await callApi(request.url, {
      method: request.method,
      headers: request.headers,
      token: owner.token,
      ...(request.body ? { body: new Uint8Array(request.body) } : {}),
    });
    const text = await response.text();
    if (response.status !== 429 || text !== GATEWAY_THROTTLED || Date.now() > deadline) {
      return { response, text };
    }
    await new Promise((resolve) => setTimeout(resolve, refill));
  }
}

/** Sends one request; the problem with its answer, if any. */
async function check(request: MalformedRequest, route: Route): Promise<string | undefined> {
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await send(request, route));
  } catch (error) {
    // a dropped connection is the server's failure (a crashed process), like a 5xx; so is a 5xx callApi
    // refused for being undocumented
    const message = (error as Error).message;
    if (message === 'fetch failed' || / answered 5\d\d\b/.test(message)) totals.serverErrors += 1;
    return `no answer: ${(error as Error).message} ${String((error as Error).cause ?? '')}`;
  }
  if (response.status >= 500) totals.serverErrors += 1;
  if (
    response.status < 400 ||
    response.status >= 500 ||
    (request.status && response.status !== request.status)
  )
    return `status ${response.status}: ${text.slice(0, 300)}`;
  if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) {
    return `content-type ${response.headers.get('content-type')}: ${text.slice(0, 300)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 300)}`;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || error.trim() === '') return `no error message: ${text.slice(0, 300)}`;
  const leak = LEAK.exec(text);
  if (leak) return `leaks "${leak[0]}": ${text.slice(0, 300)}`;
  return undefined;
}

function describeRequest(request: MalformedRequest): string {
  const body = request.body
    ? ` body(${request.body.length} B): ${Buffer.from(request.body.subarray(0, 120)).toString('utf8')}`
    : '';
  return `[${request.kinds.join(', ')}] ${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers)}${body}`;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
