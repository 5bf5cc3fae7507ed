import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { RouteDefinition } from '#contracts/route';
import { bearerToken, type Identity, loadIdentity, verifyAccessToken } from './auth.ts';
import { type InlineFile, type MultipartParser, parseJsonBody } from './body.ts';
import { badRequest, HttpError, INTERNAL_ERROR_BODY } from './errors.ts';
import { assertSubscriptionActive } from './limits.ts';
import { logger } from './logger.ts';
import { validatePart } from './validation.ts';

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** What a handler function receives: validated input and the caller's identity. */
export interface HttpRequest<R extends RouteDefinition> {
  path: Output<R['request']['path']>;
  query: Output<R['request']['query']>;
  body: Output<R['request']['body']>;
  files: InlineFile[];
  identity: R['auth'] extends 'token' ? Identity : undefined;
  event: APIGatewayProxyEventV2;
  context: Context;
}

const RESPONSE = Symbol('response');

/** A response with a status other than 200, or with extra headers. */
export interface HttpResponse<B> {
  [RESPONSE]: true;
  statusCode: number;
  body: B;
  headers?: Record<string, string>;
}

export function respond<B>(statusCode: number, body: B, headers?: Record<string, string>): HttpResponse<B> {
  return { [RESPONSE]: true, statusCode, body, ...(headers ? { headers } : {}) };
}

type ResponseBody<R extends RouteDefinition> = z.input<R['response']>;
export type HandlerFn<R extends RouteDefinition> = (
  request: HttpRequest<R>,
) => Promise<ResponseBody<R> | HttpResponse<ResponseBody<R>>>;

const json = (
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});

interface Internal {
  identity?: Identity;
  parsed?: { body: unknown; files: InlineFile[] };
}
type Event = APIGatewayProxyEventV2 & { internal?: Internal };

/** Middleware: answers every error as JSON; unexpected ones as 500 with the detail only in the log. */
const errorResponses = (): middy.MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> => ({
  onError: async (request) => {
    const { error } = request;
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) logger.error('request failed', { error });
      request.response = json(error.statusCode, error.toBody());
      return;
    }
    if (isForeignCursor(error, request.event)) {
      logger.warn('cursor rejected', { error: error as Error });
      const message = 'is not a cursor this API returned';
      request.response = json(
        400,
        badRequest(`Invalid query field "cursor": ${message}`, { cursor: message }).toBody(),
      );
      return;
    }
    logger.error('unhandled error', { error: error as Error });
    request.response = json(500, INTERNAL_ERROR_BODY);
  },
});

/**
 * A `cursor` query value that no page ever returned: ElectroDB cannot decode it, or DynamoDB rejects the
 * start key it decodes to. Either is the client's mistake (400), not the server's.
 */
function isForeignCursor(error: unknown, event: Event): boolean {
  if (!event.queryStringParameters?.cursor) return false;
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/unable to parse cursor|invalid cursor/i.test(cause.message)) return true;
    if (
      cause.name === 'ValidationException' &&
      /start(ing)? key|key element does not match the schema/i.test(cause.message)
    ) {
      return true;
    }
  }
  return false;
}

/** Middleware: verifies the bearer token and loads the caller's agent record. */
const authentication = (route: RouteDefinition): middy.MiddlewareObj<Event> => ({
  before: async (request) => {
    if (route.auth !== 'token') return;
    const { sub } = await verifyAccessToken(bearerToken(request.event.headers?.authorization));
    const identity = await loadIdentity(sub);
    request.event.internal = { ...request.event.internal, identity };
    logger.appendKeys({ agentId: identity.agentId });
  },
});

/**
 * Middleware: the subscription paywall for every route that consumes a feature limit (the manifest's
 * `limit`), so a handler never has to remember it. Runs after authentication, before the body is read.
 */
const subscriptionCheck = (route: RouteDefinition): middy.MiddlewareObj<Event> => ({
  before: async (request) => {
    if (!route.limit || route.auth !== 'token') return;
    const identity = request.event.internal?.identity;
    if (identity) assertSubscriptionActive(identity);
  },
});

/** Middleware: parses a JSON or multipart body, by what the manifest declares for the route. */
const bodyParsing = (route: RouteDefinition, multipart?: MultipartParser): middy.MiddlewareObj<Event> => ({
  before: async (request) => {
    if (!route.request.body) return;
    const parsed =
      route.request.bodyType === 'multipart' ? await multipart!(request.event) : parseJsonBody(request.event);
    request.event.internal = { ...request.event.internal, parsed };
  },
});

/**
 * Wraps a handler function in the one middy stack every endpoint uses: Lambda context logging, error
 * mapping, authentication, the subscription paywall of limited routes, body parsing and zod validation of
 * path, query, body and response.
 */
export function withHttp<R extends RouteDefinition>(
  route: R,
  fn: HandlerFn<R>,
  parsers: { multipart?: MultipartParser } = {},
) {
  if (route.request.bodyType === 'multipart' && !parsers.multipart) {
    throw new Error(
      `${route.id} takes a multipart body: wrap its handler with withMultipartHttp (#lib/multipart)`,
    );
  }
  const run = async (event: Event, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const { request } = route;
    const input = {
      path: request.path ? validatePart('path', request.path, event.pathParameters ?? {}) : undefined,
      query: request.query
        ? validatePart('query', request.query, event.queryStringParameters ?? {})
        : undefined,
      body: request.body ? validatePart('body', request.body, event.internal?.parsed?.body ?? {}) : undefined,
    };
    const result = await fn({
      ...input,
      files: event.internal?.parsed?.files ?? [],
      identity: event.internal?.identity,
      event,
      context,
    } as HttpRequest<R>);
    const response = isResponse(result) ? result : respond(200, result);
    // Only what the contract names leaves the handler: unknown keys are stripped, drift is a 500.
    const checked = route.response.safeParse(response.body);
    if (!checked.success) {
      logger.error('response does not match the contract', { route: route.id, issues: checked.error.issues });
      return json(500, INTERNAL_ERROR_BODY);
    }
    if (route.responseContentType) {
      // a text body (an iCalendar feed): sent as is, under the media type the manifest declares
      return {
        statusCode: response.statusCode,
        headers: {
          'content-type': route.responseContentType,
          'cache-control': 'no-store',
          ...response.headers,
        },
        body: String(checked.data),
      };
    }
    return json(response.statusCode, checked.data, response.headers);
  };
  return middy<Event, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(errorResponses())
    .use(authentication(route))
    .use(subscriptionCheck(route))
    .use(bodyParsing(route, parsers.multipart))
    .handler(run);
}

function isResponse(value: unknown): value is HttpResponse<unknown> {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}
