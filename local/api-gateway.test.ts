import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { RouteDefinition } from '#contracts/route';
import { createRouter, createThrottle } from './api-gateway.ts';

const route = (method: RouteDefinition['method'], path: string): RouteDefinition => ({
  id: `${method} ${path}`,
  method,
  path,
  handler: 'functions/test/route.ts',
  auth: 'token',
  access: 'signed-in',
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

describe('throttling', () => {
  // a refill far below one token during a test, so every count below is exact
  const slow = (burst: number) => ({ rate: 0.001, burst });
  const countAllowed = (allow: (route: RouteDefinition) => boolean, target: RouteDefinition, tries: number) =>
    Array.from({ length: tries }, () => allow(target)).filter(Boolean).length;

  it('gives each route its own bucket of the stage default, or of its own throttle instead', () => {
    const allow = createThrottle({ stage: slow(3), account: slow(100) });
    const plain = route('GET', '/a');
    const other = route('GET', '/b');
    const own = { ...route('POST', '/public'), throttle: slow(1) };

    expect(countAllowed(allow, plain, 5)).toBe(3);
    expect(countAllowed(allow, other, 5)).toBe(3);
    expect(countAllowed(allow, own, 5)).toBe(1);
  });

  it('refuses every route once the account’s bucket is empty, and a refusal takes no token', () => {
    const allow = createThrottle({ stage: slow(2), account: slow(3) });
    const a = route('GET', '/a');
    const b = route('GET', '/b');

    // /a uses its burst of 2; its third try is refused by its own bucket and leaves the account's token
    expect(countAllowed(allow, a, 3)).toBe(2);
    expect(countAllowed(allow, b, 3)).toBe(1);
  });
});
