import { manifest } from '#contracts/manifest';
import { buildOpenApiDocument, type OpenApiDocument } from '#contracts/openapi';
import { GATEWAY_ANSWERS } from '../../local/api-gateway.ts';

/**
 * openapi.json tells the truth (issue 20): every answer the suites see through `callApi` must carry a status
 * the document lists for that operation. A route answering a status it does not document fails the test
 * that saw it, naming the operation and the status (add it to the route's `statuses` in contracts/routes).
 */

interface Operation {
  id: string;
  method: string;
  pattern: RegExp;
  statuses: Set<number>;
  /** the `code`s the document allows in the error answer of each status */
  errorCodes: Map<number, Set<string>>;
}

let operations: Operation[] | undefined;

function documentedOperations(): Operation[] {
  if (operations) return operations;
  const document = buildOpenApiDocument(manifest);
  operations = manifest.map((route) => {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()] as
      | { responses: Record<string, unknown> }
      | undefined;
    const responses = Object.entries(operation?.responses ?? {});
    return {
      id: route.id,
      method: route.method,
      pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      statuses: new Set(responses.map(([status]) => Number(status))),
      errorCodes: new Map(
        responses
          .filter(([status]) => Number(status) >= 400)
          .map(([status, response]) => [Number(status), codesOfResponse(document, response)]),
      ),
    };
  });
  return operations;
}

type Node = Record<string, unknown>;

/** Follows a local `$ref` (`#/components/…`) of the document. */
function resolve(document: OpenApiDocument, node: unknown): Node {
  const target = (node as Node | undefined)?.$ref;
  if (typeof target !== 'string') return (node ?? {}) as Node;
  const found = target
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Node | undefined)?.[key], document);
  return resolve(document, found);
}

/** The `code` enum a schema allows (an `allOf` allows what all its parts allow); undefined: any. */
function codesOfSchema(document: OpenApiDocument, node: unknown): Set<string> | undefined {
  const schema = resolve(document, node);
  let codes: Set<string> | undefined;
  const narrow = (allowed: Set<string> | undefined) => {
    if (allowed) codes = codes ? new Set([...codes].filter((code) => allowed.has(code))) : allowed;
  };
  const code = (schema.properties as Node | undefined)?.code as { enum?: string[] } | undefined;
  if (code?.enum) narrow(new Set(code.enum));
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) narrow(codesOfSchema(document, part));
  return codes;
}

function codesOfResponse(document: OpenApiDocument, response: unknown): Set<string> {
  const content = resolve(document, response).content as Record<string, { schema?: unknown }> | undefined;
  return codesOfSchema(document, content?.['application/json']?.schema) ?? new Set();
}

const gatewayBodies = [
  ...Object.values(GATEWAY_ANSWERS).map((answer) => answer.body),
  { message: 'Bad Request' },
];

/** API Gateway's own answer (`{"message": …}`, before or instead of any function): it carries no code. */
const isGatewayAnswer = (body: unknown) =>
  gatewayBodies.some((gateway) => JSON.stringify(gateway) === JSON.stringify(body));

/**
 * The operation a request is for (the most specific path when two match: `/cloud/trash/empty` before
 * `/cloud/{id}/…`), or undefined for anything outside the API (published sites, the app's own files).
 */
export function operationFor(method: string, path: string): Operation | undefined {
  const pathname = new URL(path, 'http://api.invalid').pathname;
  const candidates = documentedOperations().filter(
    (operation) => operation.method === method.toUpperCase() && operation.pattern.test(pathname),
  );
  // fewer path parameters is more specific
  return candidates.sort(
    (a, b) =>
      (a.pattern.source.match(/\[\^\/\]\+/g)?.length ?? 0) -
      (b.pattern.source.match(/\[\^\/\]\+/g)?.length ?? 0),
  )[0];
}

/** Throws when `status` is not among the statuses openapi.json documents for the request's operation. */
export function expectDocumentedStatus(method: string, path: string, status: number): void {
  const operation = operationFor(method, path);
  if (!operation) return;
  if (!operation.statuses.has(status))
    throw new Error(
      `${operation.id} (${method.toUpperCase()} ${path}) answered ${status}, which openapi.json does not list ` +
        `(${[...operation.statuses].join(', ')}): add it to the route's statuses in contracts/routes`,
    );
}

/**
 * Throws when an error answer (4xx, 5xx) of the API is not `{"error": <text>, "code": <code>, …}` with a
 * code openapi.json documents for that operation and status (contracts/error-codes.ts). API Gateway's
 * own `{"message": …}` answers are the exception: they cannot carry a code.
 */
export function expectDocumentedErrorBody(method: string, path: string, status: number, body: unknown): void {
  const operation = operationFor(method, path);
  if (!operation || status < 400 || isGatewayAnswer(body)) return;
  const { error, code } = (body ?? {}) as { error?: unknown; code?: unknown };
  const allowed = operation.errorCodes.get(status) ?? new Set<string>();
  if (typeof error !== 'string' || error.trim() === '' || typeof code !== 'string' || !allowed.has(code))
    throw new Error(
      `${operation.id} (${method.toUpperCase()} ${path}) answered ${status} ${JSON.stringify(body).slice(0, 300)}: ` +
        `an error answer has \`error\` and a \`code\` openapi.json documents for ${status} ` +
        `(${[...allowed].join(', ') || 'none'}; contracts/error-codes.ts)`,
    );
}
