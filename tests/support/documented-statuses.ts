import { manifest } from '#contracts/manifest';
import { buildOpenApiDocument } from '#contracts/openapi';

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
}

let operations: Operation[] | undefined;

function documentedOperations(): Operation[] {
  if (operations) return operations;
  const document = buildOpenApiDocument(manifest);
  operations = manifest.map((route) => {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()] as
      | { responses: Record<string, unknown> }
      | undefined;
    return {
      id: route.id,
      method: route.method,
      pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      statuses: new Set(Object.keys(operation?.responses ?? {}).map(Number)),
    };
  });
  return operations;
}

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
