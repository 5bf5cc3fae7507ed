import type * as z from 'zod/mini';
import type { FeatureName } from './plans.ts';
import type { KeyArea } from './storage-keys.ts';

/**
 * One entry of the route manifest: everything the handler stack, the local API Gateway, the CDK stack,
 * the OpenAPI writer and the cross-cutting tests need to know about an endpoint.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The buckets of the platform, by purpose. */
export type BucketName =
  /** cloud files, property media and website assets (presigned uploads) */
  | 'files'
  /** website content and backups that can outgrow a DynamoDB item */
  | 'content'
  /** generated pages of published websites, served by the sites distribution */
  | 'sites';

export type Access = 'read' | 'readwrite';

/**
 * What a function does in one bucket: the key areas it reads, and those it reads and writes
 * (contracts/storage-keys.ts). Its grants name those prefixes only.
 */
export type BucketAccess<B extends BucketName> = Partial<Record<Access, readonly KeyArea<B>[]>>;

/** The Secrets Manager secrets of a stage, by use (contracts/function-access.ts `SECRETS`). */
export type SecretName = 'billingWebhook' | 'originVerify';

/** The auth modes that require a verified access token (and so give the handler an identity). */
export type AuthenticatedMode = 'token' | 'cookie';
export const requiresToken = (route: { auth: string }): boolean => route.auth !== 'none';

/**
 * Who may call a route, as its handler enforces it. `auth: none` goes with `public` and every other access
 * needs a token. A caller outside the access is refused the way its entry in ROUTE_ACCESS says.
 */
export const ROUTE_ACCESS = {
  public: 'anyone, without a token',
  'signed-in':
    'any signed-in agent, on its own things (or what is public to every agent); what belongs to another agent or agency is a 404',
  'agency-member':
    "the members of an agency, its admin included, on their agency's things; another agency's are a 404, and an agent without an agency is refused (403, or 404 when it names the agency)",
  'agency-admin':
    "an agency's admin; its other members are refused with 403, another agency's things are a 404",
  'account-admin':
    "whoever runs the account (its plan, its branding): an agency's admin, or an agent without an agency; an agency's other members are refused with 403, another agency's things are a 404",
  staff: 'support staff only; to anyone else the route does not exist (404)',
} as const;
export type RouteAccess = keyof typeof ROUTE_ACCESS;

export interface RouteResources {
  table?: Access;
  buckets?: { [B in BucketName]?: BucketAccess<B> };
  /** reads these secrets (Secrets Manager) at cold start; the function gets each one's ARN, never its value */
  secrets?: readonly SecretName[];
  /** puts events on the platform bus */
  bus?: boolean;
  /** calls the Cognito user pool admin API */
  userPool?: boolean;
  /** sends email through SES (the stage's sender identity); where none is configured, nothing is sent */
  email?: boolean;
  /** builds absolute links to the app (APP_URL) */
  appUrl?: boolean;
  /** shows the sites distribution's host as a CNAME target and makes default website domains */
  siteDomains?: boolean;
  /** invalidates what it rewrote in the sites distribution (where the stage has one) */
  sitesDistribution?: boolean;
  /** keeps the sites KeyValueStore (hostname → websiteId), where the stage has one */
  siteHosts?: boolean;
}

/**
 * API Gateway's throttle of one route: a token bucket of `burst` requests, refilled at `rate` requests a
 * second. Throttled requests are answered 429 `{"message":"Too Many Requests"}` before any Lambda runs.
 */
export interface RouteThrottle {
  rate: number;
  burst: number;
}

export interface RouteRequest {
  path?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /**
   * how the body arrives; defaults to json when a body schema is given. `form`:
   * application/x-www-form-urlencoded (a plain HTML form), every field a string
   */
  bodyType?: 'json' | 'multipart' | 'form';
}

export interface RouteDefinition {
  /** camelCase operation id, unique in the manifest (also the OpenAPI operationId) */
  id: string;
  method: HttpMethod;
  /** API Gateway path syntax: `/api/agents/{id}` */
  path: string;
  /** handler file relative to the repository root, `functions/<domain>/<operation>.ts` */
  handler: string;
  /**
   * `token`: a verified Cognito access token in the Authorization header is required; `cookie`: the same
   * token, verified the same way, from the Authorization header or else the app's `token` cookie (for a
   * same-origin call the spec makes without the header); `none`: public
   */
  auth: 'token' | 'cookie' | 'none';
  /** who may call it (RouteAccess); the authorization matrix (tests/authz) derives its expectations from it */
  access: RouteAccess;
  summary: string;
  request: RouteRequest;
  response: z.ZodMiniType;
  /** the response's media type when it is not JSON (`text/calendar`): the handler then answers a string */
  responseContentType?: string;
  /**
   * the route answers `303 See Other` with a `Location` header and no body (a plain HTML form's answer);
   * the handler returns `seeOther(location)` and `response` describes nothing
   */
  redirects?: true;
  /** the status of a success when it is not 200 (201: a creation) */
  successStatus?: 201;
  /**
   * the statuses the route answers beyond those every route documents (its success, 400, 404, 401 when it
   * needs a token, 402 and 403 when it has a `limit`, 413 and 415 when it takes a body, 429, 503): openapi.json lists them, and the suites fail on an
   * answer whose status the document does not list (tests/support/documented-statuses.ts)
   */
  statuses?: readonly DocumentedStatus[];
  /** the feature limit the endpoint consumes, if any */
  limit?: FeatureName;
  resources: RouteResources;
  /** handler timeout; default 10 s, at most 29 s (the HTTP API integration limit) */
  timeoutSeconds?: number;
  /**
   * this route's throttle, replacing the stage's default route throttle (infra/lib/api-throttle.ts); public
   * (`auth: none`) routes set a tighter one, since anyone can call them
   */
  throttle?: RouteThrottle;
}

/** The statuses a route may add to its documented answers, each with what it means in this API. */
export const DOCUMENTED_STATUSES = {
  402: 'Plan limit reached, premium feature, or payment problem: opens the paywall modal',
  403: 'Not allowed: your role, or the feature is not in your plan',
  409: 'Conflict with the current state (already exists, already answered, not ready yet)',
  410: 'Gone: it expired, or what it depended on was deleted',
  412: 'Precondition failed: the `If-Match` version is not the current one',
  413: 'Too large',
  415: 'Unsupported media type or encoding',
  429: 'Too many requests: wait for `Retry-After` seconds',
  503: 'A service it depends on is unavailable: try again',
} as const;
export type DocumentedStatus = keyof typeof DOCUMENTED_STATUSES;

/** Handler timeouts: the default, and the most an HTTP API integration allows. */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;
export const MAX_ROUTE_TIMEOUT_SECONDS = 29;

/** A public route takes no token; a route that takes one is never public. */
type AccessMatchesAuth =
  | { auth: 'none'; access: 'public' }
  | { auth: AuthenticatedMode; access: Exclude<RouteAccess, 'public'> };

/** Keeps literal types of a domain's routes while checking their shape (and that access agrees with auth). */
export function defineRoutes<const T extends Record<string, Omit<RouteDefinition, 'id'> & AccessMatchesAuth>>(
  routes: T,
): { [K in keyof T]: T[K] & { id: K & string } } {
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [id, { ...route, id }]),
  ) as unknown as { [K in keyof T]: T[K] & { id: K & string } };
}
