import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { manifest, routeGroups } from './manifest.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { ROUTE_ACCESS } from './route.ts';

/** Every call of product-spec §7, verbatim minus query strings. */
const SPEC_ENDPOINTS = [
  // Connections, agents, agencies
  'GET /api/connections/requests/{agentId}',
  'PUT /api/connections/respond',
  'GET /api/agents',
  'GET /api/agents/{id}',
  'PATCH /api/agents/{id}',
  'GET /api/agencies/{id}',
  'PATCH /api/agencies/{id}',
  'POST /api/upload-logo',
  'POST /api/upload-profile-picture',
  // Brand, preferences, limits
  'GET /api/brand-colors/{agencyId}',
  'POST /api/brand-colors',
  'GET /api/currency-preference/{agentId}',
  'POST /api/currency-preference',
  'GET /api/metric-preference/{agentId}',
  'POST /api/metric-preference',
  'GET /api/feature-limits/{feature}',
  // Notifications and reputation
  'GET /api/agents/{id}/reputation/notifications',
  'PUT /api/notifications/{id}/read',
  'GET /api/agents/{id}/reputation',
  'GET /api/agencies/{id}/reputation',
  'GET /api/agents/{id}/reputation/history',
  'POST /api/agents/{id}/reputation',
  // Clients
  'GET /api/clients',
  'POST /api/clients',
  'PUT /api/clients/{id}',
  'DELETE /api/clients/{id}',
  'GET /api/client-table-preferences/{id}',
  'PUT /api/update-client-table-preferences/{id}',
  // Properties
  'POST /api/addProperty',
  'PUT /api/properties/updateProperty/{id}',
  'GET /api/properties',
  'GET /api/properties/search',
  'POST /api/properties/{id}/uploadImages',
  'PUT /api/properties/{id}/image-order',
  // Cloud
  'POST /cloud/upload',
  'GET /cloud/storage-summary',
  'GET /cloud/files',
  'GET /cloud/trash',
  'GET /cloud/shared',
  'POST /cloud/folders',
  'DELETE /cloud/{id}',
  'GET /cloud/{id}',
  'GET /cloud/{id}/download',
  'PUT /cloud/{id}',
  'POST /cloud/{id}/duplicate',
  'POST /cloud/{id}/restore',
  'DELETE /cloud/{id}/permanent',
  'DELETE /cloud/trash/empty',
  // Websites
  'GET /websites',
  'GET /websites/{id}',
  'GET /websites/{id}/global-components',
  'POST /websites',
  'PUT /websites/{id}',
  'DELETE /websites/{id}',
  'POST /websites/{id}/recover',
  'POST /websites/{id}/publish',
  'POST /websites/{id}/unpublish',
  'POST /websites/{id}/assets',
  'GET /websites/{id}/assets',
  'DELETE /websites/{id}/assets/{assetId}',
  'GET /websites/{id}/backups',
  'POST /websites/{id}/backups',
  'POST /websites/{id}/backups/{backupId}/restore',
  'POST /website-domains/force-content/{id}',
  'POST /website-domains/custom-domain',
  'POST /api/website-domains/setup',
] as const;

const endpointOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

describe('route manifest', () => {
  it('has unique route ids, also across domain groups', () => {
    const ids = manifest.map((route) => route.id);
    const grouped = Object.values(routeGroups).flatMap((group) => Object.keys(group));

    expect(new Set(ids).size).toBe(ids.length);
    expect(grouped.length).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('has one route per method and path', () => {
    const endpoints = manifest.map(endpointOf);

    expect(new Set(endpoints).size).toBe(endpoints.length);
  });

  it('declares exactly the path parameters its path names', () => {
    for (const route of manifest) {
      const declared = Object.keys(route.request.path?.shape ?? {}).sort();

      expect(declared, route.id).toEqual(pathParams(route.path).sort());
    }
  });

  it('names sibling path parameters alike, so API Gateway can route them', () => {
    const paramNameAt = new Map<string, string>();
    for (const route of manifest) {
      const segments = route.path.split('/');
      segments.forEach((segment, index) => {
        if (!segment.startsWith('{')) return;
        const parent = segments.slice(0, index).join('/');
        const known = paramNameAt.get(parent);

        expect(known ?? segment, `${route.id} at ${parent}`).toBe(segment);
        paramNameAt.set(parent, segment);
      });
    }
  });

  it('points every route at a kebab-case handler file under functions/<domain>/', () => {
    for (const route of manifest) {
      expect(route.handler, route.id).toMatch(/^functions\/[a-z-]+\/[a-z0-9-]+\.ts$/);
    }
  });

  it('covers every call of product-spec §7', () => {
    const endpoints = new Set(manifest.map(endpointOf));
    const missing = SPEC_ENDPOINTS.filter((endpoint) => !endpoints.has(endpoint));

    expect(missing).toEqual([]);
  });

  it('serves the API only under the prefixes the route guard and CloudFront forward', () => {
    for (const route of manifest) {
      expect(route.path, route.id).toMatch(/^\/(api|cloud|websites|website-domains)(\/|$)/);
    }
  });

  it('gives every route a handler file that exists', () => {
    const missing = manifest.filter(
      (route) => !existsSync(fileURLToPath(new URL(`../${route.handler}`, import.meta.url))),
    );
    console.log(`routes: ${manifest.length}`);

    expect(missing.map((route) => `${route.id}: ${route.handler}`)).toEqual([]);
  });

  it('declares who may call each route, public exactly when it takes no token', () => {
    for (const route of manifest) {
      expect(Object.keys(ROUTE_ACCESS), route.id).toContain(route.access);
      expect(route.access === 'public', route.id).toBe(route.auth === 'none');
    }
  });

  it('declares bodyType for every multipart route, and only with a body', () => {
    const multipartEndpoints = [
      'POST /api/upload-logo',
      'POST /api/upload-profile-picture',
      'POST /api/addProperty',
      'PUT /api/properties/updateProperty/{id}',
      'POST /api/properties/{id}/uploadImages',
      'POST /websites/{id}/assets',
    ];
    for (const route of manifest) {
      if (multipartEndpoints.includes(endpointOf(route)))
        expect(route.request.bodyType, route.id).toBe('multipart');
      if (route.request.bodyType) expect(route.request.body, route.id).toBeDefined();
    }
  });

  it('sends no body on GET requests', () => {
    for (const route of manifest.filter((route) => route.method === 'GET')) {
      expect(route.request.body, route.id).toBeUndefined();
    }
  });

  it('declares the table or buckets every route touches', () => {
    for (const route of manifest) {
      expect(route.resources.table ?? route.resources.buckets, route.id).toBeDefined();
    }
  });
});

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument(manifest);
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

  it('is OpenAPI 3.1.0 titled EstateNet API', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('EstateNet API');
  });

  it('has one operation per route, with the route id as operationId', () => {
    expect(operations).toHaveLength(manifest.length);
    for (const route of manifest) {
      expect(document.paths[route.path]?.[route.method.toLowerCase()]?.operationId).toBe(route.id);
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs: string[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else collect(value);
        }
      }
    };
    collect(document);
    const resolve = (pointer: string): unknown =>
      pointer
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);

    for (const target of refs) {
      expect(target.startsWith('#/'), target).toBe(true);
      expect(resolve(target), target).toBeDefined();
    }
  });

  it('requires the bearer token exactly on token routes (or the token cookie on cookie routes)', () => {
    for (const route of manifest) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];

      expect(operation?.security, route.id).toEqual(
        route.auth === 'token'
          ? [{ bearerAuth: [] }]
          : route.auth === 'cookie'
            ? [{ bearerAuth: [] }, { cookieAuth: [] }]
            : [],
      );
    }
  });

  it('documents the paywall on limited routes, and who may call each route', () => {
    for (const route of manifest) {
      const responses = document.paths[route.path]?.[route.method.toLowerCase()]?.responses as Record<
        string,
        unknown
      >;

      expect('402' in responses, route.id).toBe(route.limit !== undefined || !!route.statuses?.includes(402));
      expect(document.paths[route.path]?.[route.method.toLowerCase()]?.['x-access'], route.id).toBe(
        route.access,
      );
      // a route that answers a plain HTML form's post redirects (303 See Other) instead of answering 200
      expect(responses[route.redirects ? '303' : String(route.successStatus ?? 200)], route.id).toBeDefined();
      for (const status of route.statuses ?? [])
        expect(responses[String(status)], `${route.id} ${status}`).toBeDefined();
    }
  });

  it('documents 201 exactly for the routes whose handler answers 201 Created', () => {
    const answersCreated = (route: (typeof manifest)[number]) =>
      /\brespond\(\s*201\b/.test(
        readFileSync(fileURLToPath(new URL(`../${route.handler}`, import.meta.url)), 'utf8'),
      );
    for (const route of manifest)
      expect(route.successStatus === 201, `${route.id} (${route.handler})`).toBe(answersCreated(route));
  });

  it('uses multipart/form-data for multipart bodies', () => {
    const addProperty = document.paths['/api/addProperty']?.post?.requestBody as { content: object };

    expect(Object.keys(addProperty.content)).toEqual(['multipart/form-data']);
  });
});
