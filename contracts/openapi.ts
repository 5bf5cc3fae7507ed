import * as z from 'zod/mini';
import { ERROR_CODE_NAMES, ERROR_CODES, errorCodesFor } from './error-codes.ts';
import { routeGroupOf } from './manifest.ts';
import { DOCUMENTED_STATUSES, type RouteDefinition, requiresToken } from './route.ts';
import { TOKEN_COOKIE } from './route-guard.ts';
import { errorBody, paywallBody } from './schemas/common.ts';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
}

export interface OpenApiOptions {
  version?: string;
  /** the tag of a route; defaults to its manifest group, else the handler's domain folder */
  tagOf?: (route: RouteDefinition) => string;
}

const defaultTagOf = (route: RouteDefinition): string =>
  routeGroupOf[route.id] ?? route.handler.split('/')[1] ?? 'default';

const ref = (to: string) => ({ $ref: to });

/** Rewrites every `$ref` of a generated schema with `rewrite`. */
function rewriteRefs(node: unknown, rewrite: (target: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, rewrite));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? rewrite(value) : rewriteRefs(value, rewrite),
    ]),
  );
}

/**
 * One zod schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema. Definitions zod hoists (`$defs`, for
 * recursive or reused schemas) move to `components.schemas` under `name`, so every `$ref` resolves in the
 * whole document.
 */
function schemaOf(
  schema: z.ZodMiniType,
  io: 'input' | 'output',
  name: string,
  componentSchemas: Record<string, JsonSchema>,
): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = generated;
  const defs = ($defs ?? {}) as Record<string, JsonSchema>;
  let rootReferenced = false;
  const rewrite = (target: string): string => {
    if (target === '#') {
      rootReferenced = true;
      return `#/components/schemas/${name}`;
    }
    const def = /^#\/\$defs\/(.+)$/.exec(target)?.[1];
    return def === undefined ? target : `#/components/schemas/${name}_${def}`;
  };
  for (const [defName, def] of Object.entries(defs)) {
    componentSchemas[`${name}_${defName}`] = rewriteRefs(def, rewrite) as JsonSchema;
  }
  const rewritten = rewriteRefs(root, rewrite) as JsonSchema;
  if (!rootReferenced) return rewritten;
  componentSchemas[name] = rewritten;
  return ref(`#/components/schemas/${name}`);
}

function parametersOf(
  route: RouteDefinition,
  location: 'path' | 'query',
  componentSchemas: Record<string, JsonSchema>,
): JsonSchema[] {
  const object = location === 'path' ? route.request.path : route.request.query;
  if (!object) return [];
  const name = `${route.id}_${location}`;
  const schema = schemaOf(object, 'input', name, componentSchemas);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([parameter, parameterSchema]) => ({
    name: parameter,
    in: location,
    required: location === 'path' || required.has(parameter),
    schema: parameterSchema,
  }));
}

const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });

const BODY_MEDIA_TYPES = {
  json: 'application/json',
  multipart: 'multipart/form-data',
  form: 'application/x-www-form-urlencoded',
} as const;

/** The bearer token on token routes; the bearer token or the `token` cookie on cookie routes. */
export function securityOf(route: Pick<RouteDefinition, 'auth'>): Array<Record<string, never[]>> {
  if (route.auth === 'token') return [{ bearerAuth: [] }];
  if (route.auth === 'cookie') return [{ bearerAuth: [] }, { cookieAuth: [] }];
  return [];
}

const BUSY_OR_UNAVAILABLE =
  'Busy (too many changes at once: nothing was saved) or a service it depends on is unavailable: try again after `Retry-After`';

/** The `Error` schema: `error` (the text to show), `code` (one of contracts/error-codes.ts, each described). */
function errorSchema(): JsonSchema {
  const schema = schemaOf(errorBody, 'output', 'Error', {});
  const properties = schema.properties as Record<string, JsonSchema>;
  properties.error = { ...properties.error, description: 'What went wrong, in words to show the user' };
  properties.code = {
    ...properties.code,
    description: [
      'What went wrong, for a program: stable, while the text may be reworded.',
      ...ERROR_CODE_NAMES.map(
        (code) =>
          `- \`${code}\` (${ERROR_CODES[code].statuses.join(', ')}): ${ERROR_CODES[code].description}`,
      ),
    ].join('\n'),
  };
  return {
    ...schema,
    description:
      'Every error answer of the API. API Gateway\'s own answers (an unknown route, a throttle, a body over its limit, a function that failed or timed out) are `{"message": …}` instead.',
  };
}

/** An error answer of `status`: the `Error` schema, its `code` narrowed to the codes that status carries. */
function errorCodeSchema(status: number): JsonSchema {
  return {
    allOf: [ref('#/components/schemas/Error'), { properties: { code: { enum: errorCodesFor(status) } } }],
  };
}

/** The OpenAPI 3.1 document of the manifest: one operation per route. */
export function buildOpenApiDocument(
  manifest: readonly RouteDefinition[],
  options: OpenApiOptions = {},
): OpenApiDocument {
  const tagOf = options.tagOf ?? defaultTagOf;
  const componentSchemas: Record<string, JsonSchema> = {
    Error: errorSchema(),
    Paywall: schemaOf(paywallBody, 'output', 'Paywall', {}),
  };
  const errorResponse = (status: number, description: string) => ({
    description,
    content: jsonContent(errorCodeSchema(status)),
  });
  const responses: Record<string, JsonSchema> = {
    BadRequest: errorResponse(400, 'Invalid request: `error` plus a message per invalid field in `fields`'),
    Unauthorized: errorResponse(401, 'Missing or invalid bearer token'),
    PaymentRequired: {
      description: 'Plan limit reached, premium feature, or payment problem: opens the paywall modal',
      content: jsonContent(ref('#/components/schemas/Paywall')),
    },
    Forbidden: errorResponse(403, 'Feature limit reached, or the feature is not in the plan'),
    NotFound: errorResponse(404, 'Not found, or not yours'),
  };

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of manifest) {
    const tag = tagOf(route);
    tags.add(tag);
    const { body, bodyType } = route.request;
    const operation: JsonSchema = {
      operationId: route.id,
      summary: route.summary,
      tags: [tag],
      security: securityOf(route),
      parameters: [
        ...parametersOf(route, 'path', componentSchemas),
        ...parametersOf(route, 'query', componentSchemas),
      ],
      ...(body && {
        requestBody: {
          // a body whose every field is optional or defaulted may be left out
          required: !body.safeParse({}).success,
          content: {
            [BODY_MEDIA_TYPES[bodyType ?? 'json']]: {
              schema: schemaOf(body, 'input', `${route.id}_body`, componentSchemas),
            },
          },
        },
      }),
      responses: {
        ...(route.redirects
          ? {
              '303': {
                description: 'See Other: the `Location` header names where the browser goes next',
                headers: { Location: { required: true, schema: { type: 'string' } } },
              },
            }
          : {
              [String(route.successStatus ?? 200)]: {
                description: route.successStatus === 201 ? 'Created' : 'OK',
                content: {
                  [route.responseContentType ?? 'application/json']: {
                    schema: schemaOf(route.response, 'output', `${route.id}_response`, componentSchemas),
                  },
                },
              },
            }),
        '400': ref('#/components/responses/BadRequest'),
        ...(requiresToken(route) && { '401': ref('#/components/responses/Unauthorized') }),
        ...(route.limit && {
          '402': ref('#/components/responses/PaymentRequired'),
          '403': ref('#/components/responses/Forbidden'),
        }),
        '404': ref('#/components/responses/NotFound'),
        // a body over API Gateway's payload limit or the route's own, or in another media type (or content
        // encoding) than the route reads
        ...(body && {
          '413': errorResponse(413, DOCUMENTED_STATUSES[413]),
          '415': errorResponse(415, DOCUMENTED_STATUSES[415]),
        }),
        // the stage's and the route's throttling (API Gateway's own answer)
        '429': errorResponse(429, DOCUMENTED_STATUSES[429]),
        // any route: a request the table refused for contention (`busy`, nothing saved), or API Gateway's
        // own answer when the function did not answer in time
        '503': errorResponse(503, BUSY_OR_UNAVAILABLE),
        ...Object.fromEntries(
          (route.statuses ?? []).map((status) => [
            String(status),
            status === 402
              ? ref('#/components/responses/PaymentRequired')
              : errorResponse(status, DOCUMENTED_STATUSES[status]),
          ]),
        ),
      },
      // who may call it (contracts/route.ts ROUTE_ACCESS)
      'x-access': route.access,
      ...(route.limit && { 'x-limit': route.limit }),
    };
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'EstateNet API',
      version: options.version ?? '0.1.0',
      description:
        'Generated from the route manifest (contracts/manifest.ts). `x-access` says who may call each operation: public, signed-in, agency-member, agency-admin, account-admin or staff.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: TOKEN_COOKIE },
      },
      schemas: componentSchemas,
      responses,
    },
  };
}
