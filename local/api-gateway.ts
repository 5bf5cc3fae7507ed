import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  DEFAULT_ROUTE_TIMEOUT_SECONDS,
  MAX_ROUTE_TIMEOUT_SECONDS,
  type RouteDefinition,
} from '#contracts/route';
import { PLANNED_HANDLER_FILE } from '#lib/planned';
import { invokeLambda, LambdaTimeoutError } from './lambda-runtime.ts';

/** Lambda's real limit on a synchronous payload; routes time out as the CDK configures them. */
export const MAX_REQUEST_BYTES = 6 * 1024 * 1024;

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
    if (declared > MAX_REQUEST_BYTES) {
      request.resume();
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
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
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
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
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function sendJson(response: ServerResponse, statusCode: number, body: unknown) {
  response.writeHead(statusCode, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Writes a Lambda result back as HTTP API does (a non-structured result is a 200 JSON body). */
function sendLambdaResult(response: ServerResponse, result: unknown) {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
  const headers: Record<string, string | string[]> = { ...(structured.headers as Record<string, string>) };
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  response.writeHead(structured.statusCode ?? 200, headers);
  response.end(
    structured.body
      ? Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8')
      : undefined,
  );
}

/**
 * The local API Gateway: selects the manifest route, enforces the payload limit, builds the v2 event,
 * runs the route's handler (or the planned handler) like Lambda does and writes the result back.
 */
export function createApiGateway(options: {
  root: string;
  manifest: readonly RouteDefinition[];
  log: (line: string) => void;
}) {
  const findRoute = createRouter(options.manifest);
  return async function handleApiRequest(request: IncomingMessage, response: ServerResponse, url: URL) {
    const started = performance.now();
    const method = request.method ?? 'GET';
    const finish = () =>
      options.log(
        `${method} ${url.pathname}${url.search} ${response.statusCode} ${Math.round(performance.now() - started)}ms`,
      );
    response.once('finish', finish);
    const match = findRoute(method, url.pathname);
    if (!match) {
      request.resume();
      return sendJson(response, 404, { error: 'Not found' });
    }
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return sendJson(response, 413, { error: 'Request body exceeds the 6 MB limit' });
      }
      return sendJson(response, 400, { error: 'Request body could not be read' });
    }
    const { route } = match;
    const file = route.status === 'implemented' ? route.handler : PLANNED_HANDLER_FILE;
    try {
      const result = await invokeLambda(options.root, file, toApiGatewayEvent(request, url, match, body), {
        functionName: route.id,
        timeoutMs:
          Math.min(route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS, MAX_ROUTE_TIMEOUT_SECONDS) * 1000,
      });
      sendLambdaResult(response, result);
    } catch (error) {
      if (error instanceof LambdaTimeoutError) {
        options.log(error.message);
        return sendJson(response, 504, { error: 'Endpoint request timed out' });
      }
      // A crash outside the middy stack: API Gateway answers 500 and the detail stays in the log.
      options.log(
        `${route.id} crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendJson(response, 500, { error: 'Internal error' });
    }
  };
}
