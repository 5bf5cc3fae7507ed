import { beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { manifest } from '#contracts/manifest';
import type { RouteDefinition } from '#contracts/route';
import { callApi, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';
import {
  BAD_TOKEN_KINDS,
  type BadTokenKind,
  forgedTokens,
  resignedUnchanged,
} from '../support/forged-tokens.ts';
import { isEnumParam } from './coverage.ts';
import { type ApiRequest, image, send } from './fixtures.ts';

/**
 * Every route that needs a token refuses every kind of bad token with a 401 JSON error that
 * says nothing else. The request is otherwise one the caller could make: path ids are the caller's own.
 * Routes with `cookie` auth take the token from the Authorization header or else the `token` cookie: each
 * bad token is refused in either place, a bad header is not rescued by a good cookie, and a cross-site
 * request cannot ride on the cookie.
 */
const tokenRoutes = manifest.filter((route) => route.auth === 'token' || route.auth === 'cookie');
const cookieRoutes = manifest.filter((route) => route.auth === 'cookie');

/** The request with the token in the `token` cookie instead of an Authorization header. */
function withCookie(request: ApiRequest, token: string | undefined, headers: Record<string, string> = {}) {
  return callApi(request.path, {
    ...request.init,
    headers: {
      ...(request.init?.headers as Record<string, string> | undefined),
      ...(token === undefined ? {} : { cookie: `theme=dark; token=${encodeURIComponent(token)}` }),
      ...headers,
    },
  });
}

async function expectUnauthorized(response: Response) {
  const text = await response.text();
  expect(response.status, text).toBe(401);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body).toEqual({ error: expect.stringMatching(/\S/), code: 'unauthenticated' });
  expect(text).not.toContain(caller.agentId);
  expect(text.toLowerCase()).not.toContain(caller.email.toLowerCase());
}

function requestFor(route: RouteDefinition, caller: TestAgent): ApiRequest {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!isEnumParam(route, name)) return caller.agentId;
    const schema = route.request.path!.shape[name] as z.ZodMiniEnum;
    return String(schema.options[0]);
  });
  if (!route.request.body) return { path, init: { method: route.method } };
  if (route.request.bodyType === 'multipart') {
    return { path, init: { ...formBody({ agentId: caller.agentId }, image()), method: route.method } };
  }
  return { path, init: jsonBody(route.method, {}) };
}

let caller: TestAgent;
let tokens: Record<BadTokenKind, string | undefined>;

beforeAll(async () => {
  caller = await createTestAgent();
  const other = await createTestAgent();
  tokens = forgedTokens(caller.token, { otherAgentId: other.agentId });
});

describe.each(tokenRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_, route) => {
    it.each(BAD_TOKEN_KINDS)('answers %s with 401 JSON', async (kind) => {
      const response = await send(requestFor(route, caller), tokens[kind]);

      const text = await response.text();
      expect(response.status, text).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(body).toEqual({ error: expect.stringMatching(/\S/), code: 'unauthenticated' });
      expect(text).not.toContain(caller.agentId);
      expect(text.toLowerCase()).not.toContain(caller.email.toLowerCase());
    });

    it('lets the same request through with the real token, and with it re-signed unchanged (controls)', async () => {
      for (const token of [caller.token, resignedUnchanged(caller.token)]) {
        const response = await send(requestFor(route, caller), token);
        const text = await response.text();
        expect(response.status, text).not.toBe(401);
        expect(response.status, text).toBeLessThan(500);
      }
    });
  },
);

describe.each(cookieRoutes.map((route) => [`${route.method} ${route.path} (token cookie)`, route] as const))(
  '%s',
  (_, route) => {
    it.each(BAD_TOKEN_KINDS)('answers %s in the cookie with 401 JSON', async (kind) => {
      await expectUnauthorized(await withCookie(requestFor(route, caller), tokens[kind]));
    });

    it.each(BAD_TOKEN_KINDS.filter((kind) => kind !== 'no token'))(
      'answers %s in the Authorization header with 401 even beside a valid cookie',
      async (kind) => {
        const request = requestFor(route, caller);
        const response = await withCookie(request, caller.token, { authorization: `Bearer ${tokens[kind]}` });
        await expectUnauthorized(response);
      },
    );

    it('lets the same request through with the real token in the cookie, re-signed too (controls)', async () => {
      for (const token of [caller.token, resignedUnchanged(caller.token)]) {
        const response = await withCookie(requestFor(route, caller), token);
        const text = await response.text();
        expect(response.status, text).not.toBe(401);
        expect(response.status, text).toBeLessThan(500);
      }
    });

    it('refuses a cross-site request carrying the cookie (403)', async () => {
      const response = await withCookie(requestFor(route, caller), caller.token, {
        'sec-fetch-site': 'cross-site',
      });
      const text = await response.text();
      expect(response.status, text).toBe(403);
      expect(text).not.toContain(caller.agentId);
    });
  },
);
