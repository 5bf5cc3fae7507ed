import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { routes } from '#contracts/manifest';
import type { RouteDefinition } from '#contracts/route';
import {
  BODY_TOO_LARGE_TEXT,
  createApiGateway,
  executeApiEndpoint,
  HTTP_API_MAX_BODY_BYTES,
  LAMBDA_MAX_EVENT_BYTES,
  LAMBDA_MAX_RESULT_BYTES,
} from '../../local/api-gateway.ts';
import { callApi } from '../support/agents.ts';

/**
 * The local API Gateway keeps HTTP API's limits (docs/cloud-fidelity.md): throttling (the stage's default
 * route throttle, a route's own, the account's bucket), the payload quotas of HTTP API and Lambda, and the
 * function's and the integration's timeouts, each answered with HTTP API's status, headers and body.
 * Throttles and timeouts are tried on a gateway of their own, built by the same factory the local cloud
 * uses but with small numbers, so a case needs a handful of requests and no long wait; the shared cloud
 * shows that the manifest's numbers are the ones it enforces.
 */

const ROOT = join(import.meta.dirname, '..', '..');

const fixture = (
  id: string,
  handler: 'echo' | 'sized-result' | 'slow',
  extra: Partial<RouteDefinition> = {},
): RouteDefinition => ({
  id,
  method: 'POST',
  path: `/fixture/${id}`,
  handler: `tests/fixtures/api-gateway/${handler}.ts`,
  auth: 'none',
  access: 'public',
  summary: id,
  request: {},
  response: z.object({}),
  resources: {},
  ...extra,
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A local API Gateway on a free port, serving `manifest` with the options given. */
async function gateway(options: Omit<Parameters<typeof createApiGateway>[0], 'root' | 'log'>) {
  const log: string[] = [];
  const handle = createApiGateway({ root: ROOT, log: (line) => log.push(line), ...options });
  const server = createServer((request, response) => {
    void handle(request, response, new URL(request.url ?? '/', 'http://127.0.0.1'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { method: 'POST', ...init });
  return { call, log };
}

/** HTTP API's own answer: the status, JSON `{"message": …}` and its request id header. */
async function gatewayAnswer(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(response.headers.get('apigw-requestid')).toMatch(/\S/);
  return { status: response.status, body: await response.text() };
}

const TOO_MANY = { status: 429, body: '{"message":"Too Many Requests"}' };

describe('throttling', () => {
  it('refuses a route past the stage’s default route throttle with 429 {"message":"Too Many Requests"}', async () => {
    const { call } = await gateway({
      manifest: [fixture('first', 'echo'), fixture('second', 'echo')],
      throttle: { stage: { rate: 0.1, burst: 3 } },
    });

    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call('/fixture/first')).status);

    expect(statuses).toEqual([200, 200, 200]);
    expect(await gatewayAnswer(await call('/fixture/first'))).toEqual(TOO_MANY);
    // the default applies to each route on its own: another route still has its burst
    expect((await call('/fixture/second')).status).toBe(200);
  });

  it('gives a route with its own throttle that one instead of the stage’s', async () => {
    const { call } = await gateway({
      manifest: [fixture('tight', 'echo', { throttle: { rate: 0.1, burst: 1 } }), fixture('loose', 'echo')],
      throttle: { stage: { rate: 0.1, burst: 5 } },
    });

    expect((await call('/fixture/tight')).status).toBe(200);
    expect(await gatewayAnswer(await call('/fixture/tight'))).toEqual(TOO_MANY);
    for (let i = 0; i < 3; i += 1) expect((await call('/fixture/loose')).status).toBe(200);
  });

  it('takes every request from the account’s bucket too, whatever its route', async () => {
    const { call } = await gateway({
      manifest: [fixture('a', 'echo'), fixture('b', 'echo'), fixture('c', 'echo')],
      throttle: { stage: { rate: 100, burst: 100 }, account: { rate: 0.1, burst: 2 } },
    });

    expect((await call('/fixture/a')).status).toBe(200);
    expect((await call('/fixture/b')).status).toBe(200);
    expect(await gatewayAnswer(await call('/fixture/c'))).toEqual(TOO_MANY);
  });

  it('lets a throttled route through again once its bucket has refilled a token, and only one', async () => {
    const { call } = await gateway({
      manifest: [fixture('refills', 'echo', { throttle: { rate: 4, burst: 2 } })],
    });
    // the bucket refills from its first token taken, not from when it was found empty: on a busy machine
    // the second call can answer 100 ms after the first, so the wait is measured from before the first
    const started = performance.now();
    expect((await call('/fixture/refills')).status).toBe(200);
    expect((await call('/fixture/refills')).status).toBe(200);
    expect((await call('/fixture/refills')).status).toBe(429);

    // refused requests take no token; a token comes back 1/rate = 250 ms after the first was taken
    await vi.waitFor(async () => expect((await call('/fixture/refills')).status).toBe(200), {
      timeout: 3_000,
      interval: 20,
    });
    const waited = performance.now() - started;

    expect(waited).toBeGreaterThanOrEqual(240);
    expect((await call('/fixture/refills')).status).toBe(429);
  });

  it('throttles a public route of the real cloud with its manifest numbers', async () => {
    const { rate, burst } = routes.getInvite.throttle;
    const started = performance.now();
    let passed = 0;
    let throttled: Response | undefined;
    // ten at a time until the first refusal (a malformed token: the handler answers at once)
    while (!throttled && passed < burst + 20 * rate) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => callApi('/api/invites/not-a-token', { method: 'GET' })),
      );
      for (const answer of answers) {
        if (answer.status === 429) throttled ??= answer;
        else {
          passed += 1;
          await answer.body?.cancel();
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;

    expect(throttled, `${passed} requests passed in ${seconds} s`).toBeDefined();
    expect(await gatewayAnswer(throttled!)).toEqual(TOO_MANY);
    expect(passed).toBeGreaterThanOrEqual(burst);
    expect(passed).toBeLessThanOrEqual(burst + Math.ceil(rate * seconds) + 1);
  });

  it('answers a burst of 150 at once on every public route with 429s past the route’s own bucket', async () => {
    const BURST = 150;
    const publicRoutes = (Object.values(routes) as RouteDefinition[]).filter(
      (route) => route.auth === 'none',
    );
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const route of publicRoutes) {
      const path = route.path.replace(/\{\w+\}/g, 'not-a-real-id');
      const init: RequestInit =
        route.method === 'GET'
          ? { method: 'GET' }
          : { method: route.method, headers: { 'content-type': 'application/json' }, body: '{}' };
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: BURST }, () => callApi(path, init)));
      const seconds = (performance.now() - started) / 1000;
      const refused = answers.filter((answer) => answer.status === 429);
      const passed = BURST - refused.length;
      await Promise.all(answers.filter((answer) => answer.status !== 429).map((a) => a.body?.cancel()));

      expect(refused.length, `${route.id}: ${passed} of ${BURST} passed`).toBeGreaterThan(0);
      expect(await gatewayAnswer(refused[0]!)).toEqual(TOO_MANY);
      // the route's bucket, plus what it refilled meanwhile: never the stage's default
      const { rate, burst } = route.throttle!;
      expect(passed, route.id).toBeLessThanOrEqual(burst + Math.ceil(rate * seconds) + 1);
      await Promise.all(refused.slice(1).map((answer) => answer.body?.cancel()));
    }
  });
});

describe('the execute-api endpoint', () => {
  /** The API's own endpoint as a stage has it: the gateway, or disabled (the API then has a custom domain). */
  async function endpoint(enabled: boolean) {
    const handle = executeApiEndpoint(
      createApiGateway({ root: ROOT, log: () => undefined, manifest: [fixture('echo', 'echo')] }),
      { enabled },
    );
    const server = createServer((request, response) => {
      void handle(request, response, new URL(request.url ?? '/', 'http://127.0.0.1'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('answers every request 404 {"message":"Not Found"} once the stage disables it, as HTTP API does', async () => {
    const disabled = await endpoint(false);
    for (const [method, path] of [
      ['POST', '/fixture/echo'],
      ['GET', '/api/agents/a-1'],
    ] as const) {
      const response = await fetch(`${disabled}${path}`, { method });
      expect(await gatewayAnswer(response)).toEqual({ status: 404, body: '{"message":"Not Found"}' });
    }
    // enabled (the dev stage), it serves the stage's routes
    expect((await fetch(`${await endpoint(true)}/fixture/echo`, { method: 'POST' })).status).toBe(200);
  });
});

describe('payload limits', () => {
  it('refuses a body over HTTP API’s 10 MB at the door with 413 and its plain-text message', async () => {
    const { call } = await gateway({ manifest: [fixture('echo', 'echo')] });

    const response = await call('/fixture/echo', {
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(HTTP_API_MAX_BODY_BYTES + 1),
    });

    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('text; charset=utf-8');
    expect(await response.text()).toBe(BODY_TOO_LARGE_TEXT);
  });

  it('refuses an event over Lambda’s 6 MB with 413 {"message":"Request Entity Too Large"}: a binary body counts base64-encoded', async () => {
    const { call } = await gateway({ manifest: [fixture('echo', 'echo')] });
    const binary = (bytes: number) =>
      call('/fixture/echo', {
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array(bytes),
      });
    // 5 MB of bytes is 6.7 MB of base64, under HTTP API's quota but over Lambda's
    const tooLarge = Math.ceil((LAMBDA_MAX_EVENT_BYTES * 3) / 4) + 1024;
    const fits = 4 * 1024 * 1024;

    expect(await gatewayAnswer(await binary(tooLarge))).toEqual({
      status: 413,
      body: '{"message":"Request Entity Too Large"}',
    });
    const arrived = await binary(fits);
    expect(arrived.status).toBe(200);
    expect(await arrived.json()).toMatchObject({ bytes: fits, isBase64Encoded: true });
  });

  it('answers a function result over Lambda’s 6 MB with 500 {"message":"Internal Server Error"}', async () => {
    const { call, log } = await gateway({ manifest: [fixture('sized', 'sized-result')] });

    const fits = await call(`/fixture/sized?bytes=${LAMBDA_MAX_RESULT_BYTES - 1024}`);
    expect(fits.status).toBe(200);
    expect((await fits.text()).length).toBe(LAMBDA_MAX_RESULT_BYTES - 1024);

    const tooLarge = await call(`/fixture/sized?bytes=${LAMBDA_MAX_RESULT_BYTES}`);
    expect(await gatewayAnswer(tooLarge)).toEqual({
      status: 500,
      body: '{"message":"Internal Server Error"}',
    });
    expect(log.join('\n')).toMatch(/sized: its result is over Lambda's 6291556-byte response limit/);
  });
});

describe('timeouts', () => {
  it('answers a function that outlives its own timeout with 500 {"message":"Internal Server Error"}', async () => {
    const { call, log } = await gateway({ manifest: [fixture('slow', 'slow', { timeoutSeconds: 1 })] });

    expect((await call('/fixture/slow?ms=0')).status).toBe(200);
    const response = await call('/fixture/slow?ms=5000');

    expect(await gatewayAnswer(response)).toEqual({
      status: 500,
      body: '{"message":"Internal Server Error"}',
    });
    expect(log.join('\n')).toMatch(/slow timed out after 1000 ms/);
  });

  it('answers 503 {"message":"Service Unavailable"} when the integration has not answered in time', async () => {
    // HTTP API waits 30 s; the same path with a shorter wait, under a function allowed the most (29 s)
    const { call, log } = await gateway({
      manifest: [fixture('slow', 'slow', { timeoutSeconds: 29 })],
      integrationTimeoutMs: 500,
    });

    const response = await call('/fixture/slow?ms=3000');

    expect(await gatewayAnswer(response)).toEqual({ status: 503, body: '{"message":"Service Unavailable"}' });
    expect(log.join('\n')).toMatch(/slow: no answer within the 500 ms integration timeout/);
    expect((await call('/fixture/slow?ms=0')).status).toBe(200);
  });
});

describe('routes', () => {
  it('answers a path no route matches with 404 {"message":"Not Found"} (the real cloud)', async () => {
    expect(await gatewayAnswer(await callApi('/api/no-such-endpoint'))).toEqual({
      status: 404,
      body: '{"message":"Not Found"}',
    });
  });
});
