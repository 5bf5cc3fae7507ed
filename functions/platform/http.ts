import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { type RouteDefinition, requiresToken } from '#contracts/route';
import { assertSubscriptionActive } from '#platform/accounts/limits';
import { isContention } from '#platform/data/entity';
import { bearerToken, cookieToken, type Identity, loadIdentity, verifyAccessToken } from './auth.ts';
import {
  compressedWhenLarge,
  type InlineFile,
  type MultipartParser,
  parseFormBody,
  parseJsonBody,
} from './body.ts';
import { BUSY_ERROR_BODY, forbidden, HttpError, INTERNAL_ERROR_BODY } from './errors.ts';
import { withInvocationDeadline } from './invocation-deadline.ts';
import { logger } from './logger.ts';
import { type OriginSecret, originVerification } from './origin-verify.ts';
import { invalidField, validatePart } from './validation.ts';

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** What a handler function receives: validated input and the caller's identity. */
export interface HttpRequest<R extends RouteDefinition> {
  path: Output<R['request']['path']>;
  query: Output<R['request']['query']>;
  body: Output<R['request']['body']>;
  files: InlineFile[];
  identity: R['auth'] extends 'token' | 'cookie' ? Identity : undefined;
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

const REDIRECT = Symbol('redirect');

/** A `303 See Other` to `location` with no body: only routes whose manifest entry `redirects` answer it. */
export interface Redirect {
  [REDIRECT]: true;
  location: string;
}

/** Answers `303 See Other` (a plain HTML form's answer: the browser then GETs `location`). */
export function seeOther(location: string): Redirect {
  return { [REDIRECT]: true, location };
}

type ResponseBody<R extends RouteDefinition> = z.input<R['response']>;
export type HandlerFn<R extends RouteDefinition> = (
  request: HttpRequest<R>,
) => Promise<ResponseBody<R> | HttpResponse<ResponseBody<R>> | Redirect>;

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
      const message = 'is not one this list gave: start again from the first page';
      request.response = json(400, invalidField('cursor', message).toBody());
      return;
    }
    if (isContention(error)) {
      // many writers on one item (a usage counter) for longer than the retries: the client may retry
      logger.warn('request refused for contention', { error: error as Error });
      request.response = json(503, BUSY_ERROR_BODY, { 'retry-after': '1' });
      return;
    }
    logger.error('unhandled error', { error: error as Error });
    request.response = json(500, INTERNAL_ERROR_BODY);
  },
});

/**
 * A `cursor` query value that no page ever returned: the entity layer cannot decode it (InvalidCursorError),
 * or DynamoDB rejects the start key it decodes to. Either is the client's mistake (400), not the server's.
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

/**
 * The access token of a request: the bearer token; on `cookie` routes, without an Authorization header,
 * the `token` cookie — only when the browser says the request comes from the same site (a cookie rides
 * along on cross-site requests too, so one from another site is refused rather than trusted).
 */
function accessTokenOf(route: RouteDefinition, event: Event): string | undefined {
  const authorization = event.headers?.authorization;
  if (route.auth !== 'cookie' || authorization !== undefined) return bearerToken(authorization);
  const token = cookieToken(event.cookies, event.headers?.cookie);
  if (token && event.headers?.['sec-fetch-site'] === 'cross-site') {
    throw forbidden('A cross-site request cannot use the session cookie');
  }
  return token;
}

/**
 * Middleware: verifies the access token (the bearer token, or the `token` cookie on cookie routes, both
 * verified alike) and loads the caller's agent record.
 */
const authentication = (route: RouteDefinition): middy.MiddlewareObj<Event> => ({
  before: async (request) => {
    if (!requiresToken(route)) return;
    const { sub } = await verifyAccessToken(accessTokenOf(route, request.event));
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
    if (!route.limit || !requiresToken(route)) return;
    const identity = request.event.internal?.identity;
    if (identity) assertSubscriptionActive(identity);
  },
});

/** Middleware: parses a JSON, urlencoded form or multipart body, by what the manifest declares for the route. */
const bodyParsing = (route: RouteDefinition, multipart?: MultipartParser): middy.MiddlewareObj<Event> => ({
  before: async (request) => {
    if (!route.request.body) return;
    const { bodyType } = route.request;
    const parsed =
      bodyType === 'multipart'
        ? await multipart!(request.event)
        : bodyType === 'form'
          ? parseFormBody(request.event)
          : parseJsonBody(request.event);
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
  parsers: {
    multipart?: MultipartParser;
    /** the origin-verify secret, for a handler that reads CloudFront's viewer headers (origin-verify.ts) */
    originSecret?: OriginSecret;
  } = {},
) {
  if (route.request.bodyType === 'multipart' && !parsers.multipart) {
    throw new Error(
      `${route.id} takes a multipart body: wrap its handler with withMultipartHttp (#platform/multipart)`,
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
    const result = await withInvocationDeadline(context, () =>
      fn({
        ...input,
        files: event.internal?.parsed?.files ?? [],
        identity: event.internal?.identity,
        event,
        context,
      } as HttpRequest<R>),
    );
    if (isRedirect(result)) {
      // only a path on the same origin: never a scheme, a host (`//host`) or a backslash (an open redirect)
      if (!route.redirects || !/^\/(?![/\\])[^\\\s]*$/.test(result.location)) {
        logger.error('a redirect the route may not answer', { route: route.id });
        return json(500, INTERNAL_ERROR_BODY);
      }
      return {
        statusCode: 303,
        headers: { location: result.location, 'cache-control': 'no-store' },
        body: '',
      };
    }
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
    return compressedWhenLarge(event, json(response.statusCode, checked.data, response.headers));
  };
  return (
    middy<Event, APIGatewayProxyStructuredResultV2>()
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use(errorResponses())
      // CloudFront's viewer headers count only on requests carrying the origin-verify secret
      .use(originVerification(parsers.originSecret))
      .use(authentication(route))
      .use(subscriptionCheck(route))
      .use(bodyParsing(route, parsers.multipart))
      .handler(run)
  );
}

function isRedirect(value: unknown): value is Redirect {
  return typeof value === 'object' && value !== null && REDIRECT in value;
}

function isResponse(value: unknown): value is HttpResponse<unknown> {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}
