import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { RouteDefinition } from '#contracts/route';
import { createRouter } from './api-gateway.ts';

const route = (method: RouteDefinition['method'], path: string): RouteDefinition => ({
  id: `${method} ${path}`,
  method,
  path,
  handler: 'functions/test/route.ts',
  status: 'implemented',
  auth: 'token',
  summary: '',
  request: {},
  response: z.object({}),
  resources: {},
});

describe('route selection', () => {
  const findRoute = createRouter([
    route('GET', '/cloud/{id}'),
    route('GET', '/cloud/trash'),
    route('DELETE', '/cloud/{id}'),
    route('DELETE', '/cloud/trash/empty'),
    route('DELETE', '/cloud/{id}/permanent'),
    route('POST', '/websites/{id}/backups/{backupId}/restore'),
  ]);

  it('prefers a static segment over a path parameter, as API Gateway does', () => {
    expect(findRoute('GET', '/cloud/trash')?.route.path).toBe('/cloud/trash');
    expect(findRoute('GET', '/cloud/f-1')?.route.path).toBe('/cloud/{id}');
    expect(findRoute('DELETE', '/cloud/trash/empty')?.route.path).toBe('/cloud/trash/empty');
    expect(findRoute('DELETE', '/cloud/f-1/permanent')?.route.path).toBe('/cloud/{id}/permanent');
  });

  it('decodes path parameters and matches the method', () => {
    const match = findRoute('POST', '/websites/w%201/backups/b-2/restore');

    expect(match?.pathParameters).toEqual({ id: 'w 1', backupId: 'b-2' });
    expect(findRoute('PUT', '/cloud/trash')).toBeUndefined();
    expect(findRoute('GET', '/cloud/a/b/c')).toBeUndefined();
  });
});
