import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { RouteDefinition } from '#contracts/route';
import { BUSY_ERROR_BODY, HttpError, INTERNAL_ERROR_BODY, paywall } from './errors.ts';
import { respond, withHttp } from './http.ts';

const publicRoute = {
  id: 'testEcho',
  method: 'POST',
  path: '/api/test/{id}',
  handler: 'functions/test/echo.ts',
  auth: 'none',
  access: 'public',
  summary: 'test route',
  request: {
    path: z.object({ id: z.string().check(z.minLength(3)) }),
    query: z.object({ page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1) }),
    body: z.strictObject({
      name: z.string().check(z.minLength(1, 'is required')),
      count: z.number().check(z.int()),
    }),
  },
  response: z.object({ id: z.string(), name: z.string(), page: z.number() }),
  resources: {},
} as const satisfies RouteDefinition;

const context = {
  functionName: 'testEcho',
  awsRequestId: 'req-1',
  getRemainingTimeInMillis: () => 1000,
} as unknown as Context;

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/test/{id}',
    rawPath: '/api/test/abc',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: { id: 'abc' },
    body: JSON.stringify({ name: 'Ada', count: 1 }),
    isBase64Encoded: false,
    requestContext: {} as APIGatewayProxyEventV2['requestContext'],
    ...overrides,
  };
}

async function invoke(handler: ReturnType<typeof withHttp>, e: APIGatewayProxyEventV2) {
  const result = (await handler(e, context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(String(result.body)) as Record<string, unknown> };
}

function captureLogs() {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(capture),
    vi.spyOn(process.stderr, 'write').mockImplementation(capture),
  ];
  return {
    lines,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the http middy stack', () => {
  it('passes validated path, query and body to the handler and answers 200 JSON', async () => {
    const handler = withHttp(publicRoute, async ({ path, query, body }) => ({
      id: path.id,
      name: body.name,
      page: query.page,
    }));

    const { status, body } = await invoke(handler, event({ queryStringParameters: { page: '2' } }));

    expect(status).toBe(200);
    expect(body).toEqual({ id: 'abc', name: 'Ada', page: 2 });
  });

  it('answers 500 {"error":"Internal error"} to a handler that throws, with the detail only in the log', async () => {
    const handler = withHttp(publicRoute, async () => {
      throw new Error('ConditionalCheckFailed on table secret-table-name');
    });
    const logs = captureLogs();

    const { status, body } = await invoke(handler, event());
    logs.restore();

    expect(status).toBe(500);
    expect(body).toEqual({ error: 'Internal error', code: 'internal' });
    expect(logs.lines.join('')).toContain('secret-table-name');
  });

  it('answers 503 with Retry-After to a write the table kept refusing for contention, 500 to other cancellations', async () => {
    const cancelled = (...codes: string[]) =>
      Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: codes.map((Code) => ({ Code })),
      });
    const answerTo = async (error: Error) => {
      const logs = captureLogs();
      const handler = withHttp(publicRoute, async () => {
        throw error;
      });
      const result = (await handler(event(), context)) as APIGatewayProxyStructuredResultV2;
      logs.restore();
      return {
        status: result.statusCode,
        headers: result.headers ?? {},
        body: JSON.parse(String(result.body)),
      };
    };

    for (const error of [
      cancelled('None', 'TransactionConflict'),
      Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }),
      Object.assign(new Error('Throughput exceeded'), { name: 'ProvisionedThroughputExceededException' }),
    ]) {
      const answer = await answerTo(error);
      expect(answer.status, error.name).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.body).toEqual(BUSY_ERROR_BODY);
    }
    const refused = await answerTo(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 500,
      body: INTERNAL_ERROR_BODY,
    });
  });

  it('answers 400 to a cursor the store cannot use, and 500 to the same error without a cursor', async () => {
    const storeError = (message: string, name = 'ValidationException') =>
      Object.assign(
        new Error('Error thrown by DynamoDB client', { cause: Object.assign(new Error(message), { name }) }),
        {
          name: 'ElectroError',
        },
      );
    const failures = [
      new Error('Unable to parse cursor'),
      storeError('The provided starting key is invalid'),
    ];
    const logs = captureLogs();
    for (const failure of failures) {
      const handler = withHttp(publicRoute, async () => {
        throw failure;
      });
      const withCursor = await invoke(handler, event({ queryStringParameters: { cursor: 'e30' } }));
      const withoutCursor = await invoke(handler, event());
      expect(withCursor).toEqual({
        status: 400,
        body: {
          error: 'Page is not one this list gave: start again from the first page',
          code: 'validation_failed',
          fields: { cursor: 'is not one this list gave: start again from the first page' },
        },
      });
      expect(withoutCursor.status).toBe(500);
    }
    logs.restore();
  });

  it('names the invalid field in a 400', async () => {
    const handler = withHttp(publicRoute, async () => ({ id: 'x', name: 'y', page: 1 }));

    const { status, body } = await invoke(handler, event({ body: JSON.stringify({ count: 'three' }) }));

    expect(status).toBe(400);
    expect(body.error).toBe('Name is required');
    expect(body.fields).toEqual({ name: 'is required', count: expect.stringContaining('number') });
  });

  it('rejects unknown body fields of a strict schema', async () => {
    const handler = withHttp(publicRoute, async () => ({ id: 'x', name: 'y', page: 1 }));

    const { status, body } = await invoke(
      handler,
      event({ body: JSON.stringify({ name: 'a', count: 1, role: 'admin' }) }),
    );

    expect(status).toBe(400);
    expect(String(body.error)).toContain('role');
  });

  it('validates path parameters and query strings', async () => {
    const handler = withHttp(publicRoute, async () => ({ id: 'x', name: 'y', page: 1 }));

    const badPath = await invoke(handler, event({ pathParameters: { id: 'a' } }));
    const badQuery = await invoke(handler, event({ queryStringParameters: { page: '-4' } }));

    expect(badPath.status).toBe(400);
    // named as a person would say it, never as the API spells it
    expect(badPath.body).toMatchObject({
      error: 'The id in the address must be at least 3 characters',
      fields: { id: 'must be at least 3 characters' },
    });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.fields).toHaveProperty('page');
  });

  it('answers malformed JSON with 400 and a JSON body of the wrong content type with 415', async () => {
    const handler = withHttp(publicRoute, async () => ({ id: 'x', name: 'y', page: 1 }));

    const malformed = await invoke(handler, event({ body: '{"name": ' }));
    const wrongType = await invoke(handler, event({ headers: { 'content-type': 'text/plain' } }));

    expect(malformed).toEqual({
      status: 400,
      body: { error: 'Malformed JSON body', code: 'validation_failed' },
    });
    expect(wrongType).toEqual({
      status: 415,
      body: { error: 'Content-Type must be application/json', code: 'unsupported_media_type' },
    });
  });

  it('answers HttpErrors with their status and the paywall with its 402 body', async () => {
    const conflict = withHttp(publicRoute, async () => {
      throw new HttpError(409, 'Already exists');
    });
    const limited = withHttp(publicRoute, async () => {
      throw paywall({
        reason: 'usage_limit_reached',
        message: 'Limit Reached',
        action: 'upgrade',
        current: 10,
        maximum: 10,
      });
    });

    expect(await invoke(conflict, event())).toEqual({
      status: 409,
      body: { error: 'Already exists', code: 'conflict' },
    });
    expect(await invoke(limited, event())).toEqual({
      status: 402,
      body: {
        paywall: true,
        error: 'Limit Reached',
        code: 'usage_limit_reached',
        reason: 'usage_limit_reached',
        message: 'Limit Reached',
        action: 'upgrade',
        current: 10,
        maximum: 10,
      },
    });
  });

  it('strips fields the response contract does not name, and answers 500 on a contract breach', async () => {
    const leaky = withHttp(
      publicRoute,
      async () => ({ id: 'a', name: 'b', page: 1, pk: 'AGENT#secret' }) as never,
    );
    const broken = withHttp(publicRoute, async () => ({ id: 'a' }) as never);
    const logs = captureLogs();

    const stripped = await invoke(leaky, event());
    const breach = await invoke(broken, event());
    logs.restore();

    expect(stripped).toEqual({ status: 200, body: { id: 'a', name: 'b', page: 1 } });
    expect(breach).toEqual({ status: 500, body: { error: 'Internal error', code: 'internal' } });
  });

  it('sends another status with respond()', async () => {
    const handler = withHttp(publicRoute, async () => respond(201, { id: 'n', name: 'new', page: 1 }));

    expect((await invoke(handler, event())).status).toBe(201);
  });

  it('answers 401 to a token route called without a bearer token, before reading the body', async () => {
    const handler = withHttp({ ...publicRoute, auth: 'token' }, async () => ({
      id: 'x',
      name: 'y',
      page: 1,
    }));

    const { status, body } = await invoke(handler, event({ body: '{broken' }));

    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Authentication token is missing', code: 'unauthenticated' });
  });
});
