import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  DEFAULT_ROUTE_TIMEOUT_SECONDS,
  MAX_ROUTE_TIMEOUT_SECONDS,
  type RouteDefinition,
  type RouteThrottle,
} from '#contracts/route';
import {
  ACCOUNT_THROTTLE,
  DEFAULT_ROUTE_THROTTLE,
  routeKey,
  routeThrottle,
} from '../infra/lib/api-throttle.ts';
import { invokeLambda, LambdaTimeoutError } from './lambda-runtime.ts';

/** HTTP API's payload quota (10 MB); a larger body is refused at the door, before any route runs. */
export const HTTP_API_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Lambda's synchronous invocation limit on the request: the event as JSON (a base64 body counts 4/3). */
export const LAMBDA_MAX_EVENT_BYTES = 6 * 1024 * 1024;
/** ...and on the response: the handler's result as JSON (6 MiB + 100 bytes, as Lambda reports it). */
export const LAMBDA_MAX_RESULT_BYTES = 6 * 1024 * 1024 + 100;
/** HTTP API waits this long for an integration, whatever the function's own timeout (not adjustable). */
export const HTTP_API_INTEGRATION_TIMEOUT_MS = 30_000;

/** HTTP API's own answers, each `{"message": <reason>}` (and one plain-text refusal of its front door). */
export const GATEWAY_ANSWERS = {
  notFound: { status: 404, body: { message: 'Not Found' } },
  tooManyRequests: { status: 429, body: { message: 'Too Many Requests' } },
  /** the function's payload limit: Lambda refuses the invocation (RequestEntityTooLargeException) */
  eventTooLarge: { status: 413, body: { message: 'Request Entity Too Large' } },
  /** the function failed: an unhandled error, its own timeout, a result over Lambda's limit */
  functionError: { status: 500, body: { message: 'Internal Server Error' } },
  /** no answer from the integration within HTTP API's 30 s */
  integrationTimeout: { status: 503, body: { message: 'Service Unavailable' } },
} as const;
/** What the front door answers to a body over the payload quota, before any route (text, not JSON). */
export const BODY_TOO_LARGE_TEXT = `HTTP content length exceeded ${HTTP_API_MAX_BODY_BYTES} bytes.`;

/**
 * One token bucket of API Gateway's throttling: `burst` tokens at first, refilled at `rate` a second up to
 * `burst`; a request takes one token, and is refused while less than one is left.
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt = performance.now();

  constructor(readonly limit: RouteThrottle) {
    this.tokens = limit.burst;
  }

  /** Whether a token is there now (after the refill since the last look). */
  hasToken(): boolean {
    const now = performance.now();
    this.tokens = Math.min(
      this.limit.burst,
      this.tokens + ((now - this.refilledAt) / 1000) * this.limit.rate,
    );
    this.refilledAt = now;
    return this.tokens >= 1;
  }

  take(): void {
    this.tokens -= 1;
  }
}

export interface GatewayThrottle {
  /** the stage's default route throttle, each route its own bucket; default: the dev stage's */
  stage: RouteThrottle;
  /** the account's bucket, shared by every request; default: API Gateway's quota */
  account: RouteThrottle;
}

/**
 * API Gateway's throttling of one stage: a request takes a token from the account's bucket and from its
 * route's (the route's own throttle, else the stage's default route throttle), or is refused with none
 * taken.
 */
export function createThrottle(limits: GatewayThrottle) {
  const account = new TokenBucket(limits.account);
  const routes = new Map<string, TokenBucket>();
  return (route: RouteDefinition): boolean => {
    const key = routeKey(route);
    let bucket = routes.get(key);
    if (!bucket) {
      bucket = new TokenBucket(routeThrottle(route, limits.stage));
      routes.set(key, bucket);
    }
    if (!account.hasToken() || !bucket.hasToken()) return false;
    account.take();
    bucket.take();
    return true;
  };
}

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  params: string[];
  /** static segments first, so `/cloud/trash/empty` wins over `/cloud/{id}/permanent` shapes */
  specificity: number;
}

function compile(route: RouteDefinition): CompiledRoute {
  const params: string[] = [];
  const segments = route.path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return {
    route,
    params,
    pattern: new RegExp(`^/${source}/?$`),
    specificity: segments.filter((segment) => !segment.startsWith('{')).length * 100 - params.length,
  };
}

export type RouteMatch = { route: RouteDefinition; pathParameters: Record<string, string> };

/** Finds the manifest route for a method and path, as API Gateway's route selection does. */
export function createRouter(manifest: readonly RouteDefinition[]) {
  const compiled = manifest.map(compile).sort((a, b) => b.specificity - a.specificity);
  return (method: string, path: string): RouteMatch | undefined => {
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const pathParameters = Object.fromEntries(
        candidate.params.map((name, index) => [name, safeDecode(match[index + 1] ?? '')]),
      );
      return { route: candidate.route, pathParameters };
    }
    return undefined;
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

class BodyTooLargeError extends Error {}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > HTTP_API_MAX_BODY_BYTES) {
      request.resume();
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > HTTP_API_MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const TEXT_CONTENT = /^(application\/(json|x-www-form-urlencoded|.*\+json|xml)|text\/)/i;

/** Turns an HTTP request into the HTTP API payload format 2.0 event Lambda receives. */
export function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
  match: RouteMatch,
  body: Buffer,
  requestId: string = randomUUID(),
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // own properties only, as AWS's JSON event has them: `?constructor=x` is "x", `?__proto__=x` is kept
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    const joined = Object.hasOwn(query, name) ? `${query[name]},${value}` : value;
    Object.defineProperty(query, name, {
      value: joined,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const cookies = headers.cookie
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  delete headers.cookie;
  // a compressed body is bytes whatever its type: API Gateway hands it to Lambda base64-encoded
  const encoded = (headers['content-encoding'] ?? 'identity').trim().toLowerCase() !== 'identity';
  const isText = !encoded && TEXT_CONTENT.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  const routeKey = `${match.route.method} ${match.route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: match.route.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** HTTP API names every answer, its own or the function's, with an `apigw-requestid` header. */
function send(
  response: ServerResponse,
  requestId: string,
  statusCode: number,
  headers: Record<string, string | string[]>,
  body?: Buffer | string,
) {
  response.writeHead(statusCode, { ...headers, 'apigw-requestid': requestId });
  response.end(body);
}

function sendAnswer(
  response: ServerResponse,
  requestId: string,
  answer: { status: number; body: { message: string } },
) {
  send(
    response,
    requestId,
    answer.status,
    { 'content-type': 'application/json' },
    JSON.stringify(answer.body),
  );
}

/** Writes a Lambda result back as HTTP API does (a non-structured result is a 200 JSON body). */
function sendLambdaResult(response: ServerResponse, requestId: string, result: unknown) {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
  const headers: Record<string, string | string[]> = { ...(structured.headers as Record<string, string>) };
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  send(
    response,
    requestId,
    structured.statusCode ?? 200,
    headers,
    structured.body
      ? Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8')
      : undefined,
  );
}

class IntegrationTimeoutError extends Error {}

/** Resolves with the function's result, or rejects once HTTP API stops waiting (the function runs on). */
function withinIntegrationTimeout<T>(invocation: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IntegrationTimeoutError()), timeoutMs);
  });
  // an invocation that fails after HTTP API gave up must not surface as an unhandled rejection
  invocation.catch(() => undefined);
  return Promise.race([invocation, timeout]).finally(() => clearTimeout(timer));
}

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? 'null');

type ApiHandler = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>;

/**
 * The API's default endpoint (`{api-id}.execute-api.{region}.amazonaws.com`), which skips CloudFront: the
 * stage's routes when it is enabled; when a stage disables it (its API has a custom domain, which CloudFront
 * uses instead), HTTP API answers every request there 404 `{"message":"Not Found"}`.
 */
export function executeApiEndpoint(handle: ApiHandler, { enabled }: { enabled: boolean }): ApiHandler {
  if (enabled) return handle;
  return async (request, response) => {
    request.resume();
    sendAnswer(response, randomUUID(), GATEWAY_ANSWERS.notFound);
  };
}

/**
 * The local API Gateway, one HTTP API stage: selects the manifest route, throttles as the stage and the
 * route declare, refuses what HTTP API and Lambda refuse (payload quotas), builds the v2 event, runs the
 * route's handler like Lambda does within HTTP API's integration timeout, and
 * writes the result back, answering its own errors as HTTP API does.
 */
export function createApiGateway(options: {
  root: string;
  manifest: readonly RouteDefinition[];
  log: (line: string) => void;
  /** the stage's throttles; default: the dev stage's (the local cloud is the dev stage) */
  throttle?: Partial<GatewayThrottle>;
  /** default: HTTP API's 30 s; smaller only to test the behaviour without waiting for it */
  integrationTimeoutMs?: number;
}) {
  const findRoute = createRouter(options.manifest);
  const allow = createThrottle({
    stage: options.throttle?.stage ?? DEFAULT_ROUTE_THROTTLE.dev,
    account: options.throttle?.account ?? ACCOUNT_THROTTLE,
  });
  const integrationTimeoutMs = options.integrationTimeoutMs ?? HTTP_API_INTEGRATION_TIMEOUT_MS;
  return async function handleApiRequest(request: IncomingMessage, response: ServerResponse, url: URL) {
    const started = performance.now();
    const requestId = randomUUID();
    const method = request.method ?? 'GET';
    const finish = () =>
      options.log(
        `${method} ${url.pathname}${url.search} ${response.statusCode} ${Math.round(performance.now() - started)}ms`,
      );
    response.once('finish', finish);
    const match = findRoute(method, url.pathname);
    if (!match) {
      request.resume();
      return sendAnswer(response, requestId, GATEWAY_ANSWERS.notFound);
    }
    const { route } = match;
    if (!allow(route)) {
      request.resume();
      return sendAnswer(response, requestId, GATEWAY_ANSWERS.tooManyRequests);
    }
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return send(response, requestId, 413, { 'content-type': 'text; charset=utf-8' }, BODY_TOO_LARGE_TEXT);
      }
      // the client went away mid-body: nobody reads this answer
      return sendAnswer(response, requestId, { status: 400, body: { message: 'Bad Request' } });
    }
    const event = toApiGatewayEvent(request, url, match, body, requestId);
    if (jsonBytes(event) > LAMBDA_MAX_EVENT_BYTES) {
      options.log(`${route.id}: the event is over Lambda's ${LAMBDA_MAX_EVENT_BYTES}-byte request limit`);
      return sendAnswer(response, requestId, GATEWAY_ANSWERS.eventTooLarge);
    }
    try {
      const result = await withinIntegrationTimeout(
        invokeLambda(options.root, route.handler, event, {
          functionName: route.id,
          timeoutMs:
            Math.min(route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS, MAX_ROUTE_TIMEOUT_SECONDS) * 1000,
        }),
        integrationTimeoutMs,
      );
      if (jsonBytes(result) > LAMBDA_MAX_RESULT_BYTES) {
        options.log(
          `${route.id}: its result is over Lambda's ${LAMBDA_MAX_RESULT_BYTES}-byte response limit`,
        );
        return sendAnswer(response, requestId, GATEWAY_ANSWERS.functionError);
      }
      sendLambdaResult(response, requestId, result);
    } catch (error) {
      if (error instanceof IntegrationTimeoutError) {
        options.log(`${route.id}: no answer within the ${integrationTimeoutMs} ms integration timeout`);
        return sendAnswer(response, requestId, GATEWAY_ANSWERS.integrationTimeout);
      }
      // the function failed (its own timeout included): Lambda reports a function error, HTTP API a 500,
      // and the detail stays in the log
      options.log(
        error instanceof LambdaTimeoutError
          ? error.message
          : `${route.id} crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendAnswer(response, requestId, GATEWAY_ANSWERS.functionError);
    }
  };
}
