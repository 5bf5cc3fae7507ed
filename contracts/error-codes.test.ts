import { describe, expect, it } from 'vitest';
import {
  defaultErrorCode,
  ERROR_CODE_NAMES,
  ERROR_CODES,
  errorCodesFor,
  isErrorCode,
} from './error-codes.ts';
import { manifest } from './manifest.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { PAYWALL_REASONS } from './schemas/common.ts';

type Node = Record<string, unknown>;

describe('error codes', () => {
  it('give every error status a default code that status carries', () => {
    for (const status of [400, 401, 403, 404, 409, 410, 412, 413, 415, 429, 500, 502, 503, 504]) {
      expect(errorCodesFor(status), String(status)).toContain(defaultErrorCode(status));
    }
    expect(defaultErrorCode(403)).toBe('forbidden');
    expect(defaultErrorCode(503)).toBe('unavailable');
  });

  it('name each paywall reason as a 402 code', () => {
    expect(errorCodesFor(402)).toEqual([...PAYWALL_REASONS]);
  });

  it('tell codes from other strings', () => {
    expect(isErrorCode('stale_website')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument(manifest);
  const resolve = (node: unknown): Node => {
    const target = (node as Node).$ref;
    if (typeof target !== 'string') return node as Node;
    return resolve(
      target
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Node)[key], document),
    );
  };

  it('documents the Error schema with `error` and `code` required and every code described', () => {
    const error = document.components.schemas.Error as {
      required: string[];
      properties: { code: { enum: string[]; description: string } };
    };

    expect(error.required).toEqual(expect.arrayContaining(['error', 'code']));
    expect(error.properties.code.enum).toEqual(ERROR_CODE_NAMES);
    for (const code of ERROR_CODE_NAMES) {
      expect(error.properties.code.description).toContain(
        `\`${code}\` (${ERROR_CODES[code].statuses.join(', ')})`,
      );
    }
  });

  it('gives every error answer of every operation a body with the codes of its status', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const responses = (operation as { responses: Record<string, unknown> }).responses;
        for (const [status, response] of Object.entries(responses)) {
          if (Number(status) < 400) continue;
          const schema = resolve(
            (resolve(response).content as Record<string, { schema: unknown }>)['application/json']!.schema,
          );
          const where = `${method.toUpperCase()} ${path} ${status}`;
          if (status === '402') {
            expect(schema, where).toBe(document.components.schemas.Paywall);
            continue;
          }
          const [base, narrowed] = schema.allOf as Node[];
          expect(resolve(base), where).toBe(document.components.schemas.Error);
          expect((narrowed!.properties as { code: { enum: string[] } }).code.enum, where).toEqual(
            errorCodesFor(Number(status)),
          );
          expect(errorCodesFor(Number(status)).length, where).toBeGreaterThan(0);
        }
      }
    }
  });

  it('documents the paywall body with `error` and its reason as `code`', () => {
    const paywall = document.components.schemas.Paywall as {
      required: string[];
      properties: { code: { enum: string[] } };
    };

    expect(paywall.required).toEqual(
      expect.arrayContaining(['paywall', 'error', 'code', 'reason', 'message']),
    );
    expect(paywall.properties.code.enum).toEqual([...PAYWALL_REASONS]);
  });
});
