import fc from 'fast-check';
import type * as z from 'zod/mini';
import type { RouteDefinition } from '#contracts/route';

/**
 * Malformed requests for one manifest route, generated with fast-check from its zod schemas. Every
 * request carries at least one *breaker* — a change that makes the API bound to reject it (a part that
 * fails its schema, a path id that does not exist, a body that cannot be parsed, a wrong content type,
 * a multipart body without a usable image) — and may carry *noise* (unknown fields, odd but valid
 * values) on top. Schema breakers are checked against the schema itself, on exactly what the server
 * will see (the decoded path, the query as API Gateway joins it, the parsed JSON, the multipart fields).
 */

/** The caller's own objects: what a valid path or body names. */
export interface Owner {
  agentId: string;
  agencyId: string;
  /** a client of the owner's agency, added by the owner */
  clientId: string;
  /** a property of the owner, with its image urls in order */
  propertyId: string;
  propertyImageUrls: string[];
}

export interface MalformedRequest {
  route: string;
  /** the breakers and noise it carries, for the failure report */
  kinds: string[];
  /** URL path and query string */
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** the one status it must get, where any other 4xx would be wrong */
  status?: number;
}

/** Strings longer than the URL allows still go in bodies; path and query stay below Node's 16 KB header limit. */
const HUGE = 100 * 1024;
const MAX_URL = 12 * 1024;

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\t\n ',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  '-1e309',
  '9007199254740993',
  '0x1F',
  '1.5',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '👩‍👩‍👧‍👦🏠🔑',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFFbom',
  'Z̴̡̧a̸l̷g̶o̵',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '\u0024{jndi:ldap://example.invalid/a}',
  '%00',
  '%ZZ',
  '__proto__',
  'constructor',
  'PROPERTIES',
  ' properties',
];

const longOf = (min: number, max: number) =>
  fc
    .tuple(fc.constantFrom('x', 'é', '😀', '\u202E', '\u0000', 'ab ', '家'), fc.integer({ min, max }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Odd strings that still fit in a URL. */
const urlStrings: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }) },
  { weight: 2, arbitrary: longOf(101, 900) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Odd strings, up to 100 KB. */
const anyStrings: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: urlStrings },
  { weight: 2, arbitrary: longOf(HUGE, HUGE + 4_096) },
);

const deepNesting = fc.integer({ min: 50, max: 1_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
  return value;
});

/** Any JSON value of the wrong kind: other types, extreme numbers, nested structures, odd strings. */
const jsonValues: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyStrings },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      0.1,
      [],
      {},
      [null],
      ['a', 'b'],
      { a: { b: { c: {} } } },
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })) },
  { weight: 1, arbitrary: deepNesting },
);

/** Field names a schema does not know. */
const unknownKeys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'role',
    'agent_id',
    'pk',
    'subscription_status',
    '',
    ' ',
    '😀',
    '\u0000',
    '\u202Ekey',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
);

// ---- zod introspection (zod 4 mini) -------------------------------------------------------------------

type AnySchema = z.ZodMiniType;
const defOf = (schema: AnySchema) =>
  (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;

function unwrap(schema: AnySchema): AnySchema {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') {
    return unwrap(def.innerType as AnySchema);
  }
  // form fields (contracts/schemas/forms.ts) convert text first: what matters is the schema after it
  if (def.type === 'pipe') return unwrap(def.out as AnySchema);
  return schema;
}

const shapeOf = (schema: AnySchema | undefined): Record<string, AnySchema> =>
  schema && defOf(unwrap(schema)).type === 'object'
    ? ((unwrap(schema) as unknown as { shape: Record<string, AnySchema> }).shape ?? {})
    : {};

/** A `z.strictObject`: its catch-all is `never`, so an unknown key fails it. */
const isStrictObject = (schema: AnySchema) => {
  const def = defOf(unwrap(schema));
  return def.type === 'object' && (def.catchall as AnySchema | undefined)?.def.type === 'never';
};

const isOptional = (schema: AnySchema) => schema.safeParse(undefined).success;

/** A valid value for one field: the caller's own ids, an enum's first option, a literal. */
function validValue(name: string, schema: AnySchema, owner: Owner, routePath: string): unknown {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'enum') return (inner as unknown as { options: unknown[] }).options[0];
  if (def.type === 'literal') return (def.values as unknown[])[0];
  if (def.type === 'string') {
    // the segment before `{name}` names what the id is (`/api/clients/{id}/activity`: clients)
    const segments = routePath.split('/');
    const at = segments.indexOf(`{${name}}`);
    const parentSegment = (at > 0 ? segments[at - 1] : segments.at(-2)) ?? '';
    if (/^agency/i.test(name) || (name === 'id' && parentSegment === 'agencies')) return owner.agencyId;
    if (/^agent/i.test(name) || (name === 'id' && parentSegment === 'agents')) return owner.agentId;
    // connections: the caller as receiver, and a request id that names nothing (both still refused)
    if (name === 'receiver_id' || name === 'connection_id') return owner.agentId;
    if (name === 'id' && parentSegment === 'clients') return owner.clientId;
    // website leads waiting for the owner: an id that names none (still refused)
    if (name === 'id' && parentSegment === 'pending-leads') return 'no-such-lead';
    // properties: the owner's listing (by any of its paths) and a city for a new one
    if (name === 'id' && ['properties', 'updateProperty', 'saved-properties'].includes(parentSegment))
      return owner.propertyId;
    if (name === 'propertyId') return owner.propertyId;
    // listing verifications: the owner's listing in the review queue, a deed upload and a submission that
    // name nothing, an owner's address
    if (name === 'id' && parentSegment === 'deed-reviews') return owner.propertyId;
    if (name === 'fileKey') return `uploads/${owner.agentId}/no-such-upload/deed.pdf`;
    if (name === 'submissionId') return 'no-such-submission';
    if (name === 'ownerEmail') return 'bad-input-owner@example.com';
    if (name === 'city') return 'Lisbon';
    if (name === 'id' && /client-table-preferences$/.test(parentSegment)) return owner.agentId;
    if (name === 'full_name') return 'Bad Input Client';
    // agenda: an event id that names nothing, a title, the start of an event and a one-day list range
    if (name === 'id' && parentSegment === 'events') return 'no-such-event';
    if (name === 'title') return 'Bad Input Event';
    if (name === 'start' || name === 'from') return new Date().toISOString();
    if (name === 'to') return new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    // invitations: a well-formed link token and an id that name nothing, an invitee's address
    if (name === 'token') return 'A'.repeat(43);
    if (name === 'id' && parentSegment === 'invites') return 'no-such-invite';
    if (name === 'email') return 'bad-input-invitee@example.com';
    // cloud: an item id that names nothing, a file name and type
    if (name === 'id' && routePath.startsWith('/cloud/')) return 'no-such-cloud-item';
    if (name === 'name') return 'bad-input.txt';
    if (name === 'mime_type') return 'text/plain';
    // reputation: a notification id and a related property that name nothing (both still refused)
    if (name === 'id' && parentSegment === 'notifications') return 'no-such-notification';
    if (name === 'relatedEntityId') return 'no-such-property';
    // deals: the owner's own listing and client (still refused: a deal is on another agent's listing), a
    // deal that names nothing
    if (name === 'property_id') return owner.propertyId;
    if (name === 'client_id') return owner.clientId;
    if (name === 'id' && parentSegment === 'deals') return 'no-such-deal';
    if (name === 'text') return 'A note on the deal';
    // matching: a saved search that names nothing (the client's matches use the owner's client)
    if (name === 'id' && parentSegment === 'saved-searches') return 'no-such-saved-search';
    // preferences: a currency with rates, brand colours
    if (name === 'currencyPreference') return 'EUR';
    if (name === 'color1' || name === 'color2') return '#123456';
    // billing: a well-formed click key and payment method reference; support: a chat message
    if (name === 'idempotencyKey') return 'bad-input-click-0001';
    if (name === 'paymentMethod') return 'pm_test_visa_4242_12_2030';
    if (name === 'body') return 'Hello support';
    // websites: ids that name nothing (the website, its asset or backup, a template)
    if (name === 'id' && ['websites', 'website-templates'].includes(parentSegment)) return 'no-such-website';
    if (name === 'assetId' || name === 'backupId' || name === 'website_id') return 'no-such-website-item';
    // website domains and leads: a website that does not exist, a hostname, a business name, a site page
    if (
      name === 'id' &&
      ['force-content', 'website-leads', 'website-domains', 'custom-domain'].includes(parentSegment)
    )
      return 'no-such-website';
    if (name === 'websiteId') return 'no-such-website-item';
    if (name === 'domain') return 'www.bad-input-example.com';
    if (name === 'businessName') return 'Bad Input Business';
    if (name === 'page') return '/contact';
  }
  if (def.type === 'number' && name === 'size') return 1;
  if (def.type === 'number' && name === 'price') return 250_000;
  if (def.type === 'array' && (name === 'columnPreferences' || name === 'shared_with')) return [];
  if (def.type === 'array' && name === 'imageOrder') return owner.propertyImageUrls;
  throw new Error(
    `bad-input: no valid value for "${name}" of ${routePath}; teach validValue() in tests/bad-input/malformed.ts`,
  );
}

/** The smallest valid object for a schema: its required fields with valid values. */
function validObject(schema: AnySchema | undefined, owner: Owner, routePath: string): Record<string, string> {
  const value: Record<string, string> = {};
  for (const [name, field] of Object.entries(shapeOf(schema))) {
    if (isOptional(field)) continue;
    const valid = validValue(name, field, owner, routePath);
    // lists stay lists (a JSON body's baseline); everything else is text, as paths, queries and forms carry it
    value[name] = (Array.isArray(valid) || typeof valid === 'number' ? valid : String(valid)) as string;
  }
  return value;
}

/** Path parameters that name an object (the others are enums and the like). */
const isObjectId = (schema: AnySchema) => defOf(unwrap(schema)).type === 'string';

/** Body fields that name an object: text fields called `id`, `…Id` or `…_id` (not titles or cities). */
const isObjectIdField = (name: string, schema: AnySchema) => isObjectId(schema) && /(^id|Id|_id)$/.test(name);

/**
 * Multipart routes that take several images at once (property photos, with `fileKeys` for presigned
 * uploads): two images are valid there, and so is none where images are optional (a listing without
 * photos, an update of its fields).
 */
const takesManyImages = (shape: Record<string, AnySchema>) => 'fileKeys' in shape;
const IMAGES_OPTIONAL: ReadonlySet<string> = new Set(['addProperty', 'updateProperty']);

// ---- what the server sees ---------------------------------------------------------------------------

function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // lone surrogates: send their (replaced) UTF-8 bytes percent-encoded
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** The local API Gateway's decoding of a path parameter. */
function serverDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** What API Gateway gives the handler as queryStringParameters (repeated names joined by commas). */
function serverQuery(pairs: Array<[string, string]>): Record<string, string> {
  const params = new URLSearchParams(pairs.map(([key, value]) => [key, value]));
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(params.toString())) {
    query[name] = name in query ? `${query[name]},${value}` : value;
  }
  return query;
}

/** A valid object with one or more of its fields left out. */
const withoutSomeOf = <T>(base: Record<string, T>) =>
  fc
    .subarray(Object.keys(base), { minLength: 1 })
    .map((missing) => Object.fromEntries(Object.entries(base).filter(([key]) => !missing.includes(key))));

const fails = (schema: AnySchema | undefined, value: unknown) => !!schema && !schema.safeParse(value).success;

// ---- request parts ----------------------------------------------------------------------------------

interface Draft {
  kinds: string[];
  /** raw (encoded) path segments by parameter */
  path: Record<string, string>;
  query: Array<[string, string]>;
  body?: { contentType?: string; bytes: Uint8Array };
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const jsonBytes = (value: unknown) => utf8(JSON.stringify(value));

/** A multipart body built by hand, so the boundary and the bytes can be broken at will. */
function multipart(
  boundary: string,
  fields: Array<[string, string]>,
  files: Array<{ field: string; name: string; type: string; bytes: Uint8Array }>,
): Uint8Array {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A 1×1 PNG: a real image, sent only where something else must make the request fail. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const notImages = fc.oneof(
  fc.constantFrom(
    new Uint8Array(0),
    utf8('not an image'),
    utf8('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    utf8('<html><body>png</body></html>'),
    new Uint8Array(PNG.subarray(0, 4)),
    new Uint8Array([0xff, 0xd8]),
    utf8('RIFF\u0000\u0000\u0000\u0000WEBX'),
    utf8('GIF89a\u0001\u0000\u0001\u0000'),
  ),
  fc.uint8Array({ minLength: 1, maxLength: 2_048 }),
);

const fileNames = fc.oneof(
  fc.constantFrom('image.png', 'x.jpg', '', '..\\..\\evil.png', 'a\u0000b.png', '😀.png', '\u202Egnp.exe'),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

const boundaries = fc.constantFrom('----estatenet-bad-input', 'x', 'a'.repeat(70), 'b o u n d', 'with"quote');

// ---- the generator ----------------------------------------------------------------------------------

type PartBuilder = fc.Arbitrary<(draft: Draft) => Draft>;

/** Applies one change; a new body replaces the previous one, and with it that body's kind. */
const add = (draft: Draft, kind: string, change: Partial<Draft>): Draft => ({
  ...draft,
  ...change,
  kinds: [...(change.body ? draft.kinds.filter((old) => !old.startsWith('body.')) : draft.kinds), kind],
});

/**
 * Every malformed request for a route comes from this arbitrary. `owner` gives the valid baseline (the
 * caller's own ids), so a request fails for the malformation it carries and never for authorization.
 */
export function malformedRequests(route: RouteDefinition, owner: Owner): fc.Arbitrary<MalformedRequest> {
  const { request } = route;
  const pathShape = shapeOf(request.path);
  const queryShape = shapeOf(request.query);
  const bodyType = request.body ? (request.bodyType ?? 'json') : undefined;
  const basePath = Object.fromEntries(
    Object.entries(validObject(request.path, owner, route.path)).map(([name, value]) => [
      name,
      encodeSegment(value),
    ]),
  );
  const baseQuery = Object.entries(validObject(request.query, owner, route.path));
  const baseBodyObject = request.body ? validObject(request.body, owner, route.path) : undefined;
  const serverPath = (segments: Record<string, string>) =>
    Object.fromEntries(Object.entries(segments).map(([name, segment]) => [name, serverDecode(segment)]));
  if (fails(request.path, serverPath(basePath)))
    throw new Error(`bad-input: invalid baseline path for ${route.id}`);

  const breakers: Array<{ weight: number; arbitrary: PartBuilder }> = [];
  const noise: PartBuilder[] = [];

  // Path parameters: values that fail the schema, and object ids that do not exist.
  for (const [name, schema] of Object.entries(pathShape)) {
    const owned = basePath[name];
    const segment = fc.oneof(
      // an empty segment would select another route (`/api/agents/` is the list)
      urlStrings.filter((value) => value !== '').map(encodeSegment),
      fc.constantFrom(
        '%00',
        '%ZZ',
        '%2F',
        '%E0%A4%A',
        '%20%20',
        `${owned}%00`,
        `%20${owned}x`,
        owned + 'x'.repeat(200),
      ),
    );
    breakers.push({
      weight: 3,
      arbitrary: segment
        .filter((raw) => {
          const decoded = serverPath({ ...basePath, [name]: raw });
          if (fails(request.path, decoded)) return true;
          // schema-valid: only a breaker when it names an object that does not exist
          const parsed = request.path!.parse(decoded) as Record<string, unknown>;
          return isObjectId(schema) && parsed[name] !== serverDecode(owned ?? '');
        })
        .map((raw) => (draft: Draft) => add(draft, `path.${name}`, { path: { ...draft.path, [name]: raw } })),
    });
  }

  // Query fields: values that fail the schema; repeated names; unknown names as noise.
  if (request.query) {
    for (const name of Object.keys(queryShape)) {
      const pairs = fc.oneof(
        urlStrings.map((value): Array<[string, string]> => [[name, value]]),
        fc.tuple(urlStrings, urlStrings).map(
          ([a, b]): Array<[string, string]> => [
            [name, a],
            [name, b],
          ],
        ),
        fc
          .integer({ min: 2_049, max: 4_000 })
          .map((length): Array<[string, string]> => [[name, 'c'.repeat(length)]]),
      );
      breakers.push({
        weight: 2,
        arbitrary: pairs
          .filter((added) =>
            fails(request.query, serverQuery([...baseQuery.filter(([key]) => key !== name), ...added])),
          )
          .map(
            (added) => (draft: Draft) =>
              add(draft, `query.${name}`, {
                query: [...draft.query.filter(([key]) => key !== name), ...added],
              }),
          ),
      });
    }
    if ('cursor' in queryShape) {
      // schema-valid cursors that no page ever returned
      const cursors = fc.oneof(
        fc.constantFrom(
          'not-a-cursor',
          'e30',
          'bnVsbA',
          'W10',
          '%%%',
          'eyJwayI6MX0',
          'eyJwayI6IngiLCJzayI6InkifQ',
        ),
        fc
          .jsonValue({ maxDepth: 2 })
          .map((value) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url')),
        fc.string({ minLength: 1, maxLength: 200 }),
      );
      breakers.push({
        weight: 1,
        arbitrary: cursors
          // one that decodes to a JSON falsy value (null, false, 0, "") is read as "no cursor": the first page
          .filter((cursor) => cursor.trim() !== '' && !decodesToFalsy(cursor))
          .map(
            (cursor) => (draft: Draft) =>
              add(draft, 'query.cursor(unknown)', {
                query: [...draft.query.filter(([key]) => key !== 'cursor'), ['cursor', cursor]],
              }),
          ),
      });
    }
  }
  // Unknown query parameters are noise on every route (no query schema rejects them).
  noise.push(
    fc
      .array(fc.tuple(unknownKeys, urlStrings), { minLength: 1, maxLength: 3 })
      .map((pairs) => (draft: Draft) => add(draft, 'query.unknown', { query: [...draft.query, ...pairs] })),
  );

  if (bodyType === 'json' && request.body) {
    const bodySchema = request.body;
    const fieldNames = Object.keys(shapeOf(bodySchema));
    const jsonBody = (value: unknown, kind: string) => (draft: Draft) =>
      add(draft, kind, { body: { contentType: 'application/json', bytes: jsonBytes(value) } });
    const base = baseBodyObject ?? {};
    const bodyFails = (value: unknown) => fails(bodySchema, JSON.parse(JSON.stringify(value) ?? 'null'));
    // a field with a value of the wrong type or out of range
    if (fieldNames.length > 0) {
      breakers.push({
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...fieldNames), jsonValues)
          .map(([name, value]) => ({ ...base, [name]: value }))
          .filter(bodyFails)
          .map((value) => jsonBody(value, 'body.field')),
      });
    }
    // required fields left out
    if (Object.keys(base).length > 0) {
      breakers.push({
        weight: 1,
        arbitrary: withoutSomeOf(base).map((value) => jsonBody(value, 'body.missing')),
      });
    }
    // unknown fields (strict schemas reject them); keep only those the schema really rejects. A record
    // (the billing webhook's body, checked by its signature) takes any key: no unknown field to find.
    if (isStrictObject(bodySchema))
      breakers.push({
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.dictionary(unknownKeys, jsonValues, { minKeys: 1, maxKeys: 3 }),
            fc.constantFrom(...fieldNames, ''),
          )
          .map(([extra, name]) => ({ ...base, ...(name ? { [name]: 'Valid Value' } : {}), ...extra }))
          .filter(bodyFails)
          .map((value) => jsonBody(value, 'body.unknown')),
      });
    // a body that is not an object
    breakers.push({
      weight: 1,
      arbitrary: jsonValues.filter(bodyFails).map((value) => jsonBody(value, 'body.notObject')),
    });
    // JSON that does not parse
    const malformed = fc.oneof(
      fc.constantFrom(
        '{',
        '{"full_name":',
        '{"name": "x",}',
        "{'name': 'x'}",
        '{"a":1}}',
        'NaN',
        'undefined',
        '\u0000',
        '{"name": NaN}',
        '{"name": "\\x41"}',
        '{"name": "\\ud800"',
        '['.repeat(10_000),
        `{"name": "${'x'.repeat(HUGE)}`,
        '\uFEFF{"name": "x"}',
      ),
      fc.string({ maxLength: 50 }).filter((text) => text.trim() !== '' && !parses(text)),
      fc
        .tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat())
        .map(([value, cut]) => {
          const text = JSON.stringify(value) ?? '';
          return text.slice(0, cut % Math.max(1, text.length));
        })
        .filter((text) => text.trim() !== '' && !parses(text)),
    );
    breakers.push({
      weight: 2,
      arbitrary: malformed.map(
        (text) => (draft: Draft) =>
          add(draft, 'body.malformedJson', { body: { contentType: 'application/json', bytes: utf8(text) } }),
      ),
    });
    // bytes that are not UTF-8
    breakers.push({
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .map((bytes) => new Uint8Array([0xff, 0xfe, 0xc0, ...bytes]))
        .map(
          (bytes) => (draft: Draft) =>
            add(draft, 'body.notUtf8', { body: { contentType: 'application/json', bytes } }),
        ),
    });
    // a well-formed body under the wrong content type (or none)
    breakers.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/octet-stream',
            'image/png',
            'application/jsonx',
            'json',
            undefined,
          ),
          fc.constantFrom<unknown>({ ...base, [fieldNames[0] ?? 'name']: 'Valid Value' }, base),
        )
        .map(([contentType, value]) => (draft: Draft) => {
          const bytes = jsonBytes(value);
          return add(draft, 'body.contentType', { body: { ...(contentType ? { contentType } : {}), bytes } });
        }),
    });
  }

  if (bodyType === 'form' && request.body) {
    const bodySchema = request.body;
    const fieldNames = Object.keys(shapeOf(bodySchema));
    const base = baseBodyObject ?? {};
    const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const formBody =
      (bytes: Uint8Array, kind: string, contentType = 'application/x-www-form-urlencoded') =>
      (draft: Draft) =>
        add(draft, kind, { body: { contentType, bytes } });
    // what the server parses a form into: every value a string
    const formFails = (fields: Record<string, string>) => fails(bodySchema, fields);
    // a field with a value that fails its schema
    if (fieldNames.length > 0) {
      breakers.push({
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...fieldNames), anyStrings)
          .map(([name, value]) => ({ ...base, [name]: value }))
          .filter((fields) => formFails(fields) && !/[\uD800-\uDFFF]/.test(Object.values(fields).join('')))
          .map((fields) => formBody(utf8(encode(fields)), 'body.field')),
      });
    }
    // required fields left out
    if (Object.keys(base).length > 0) {
      breakers.push({
        weight: 1,
        arbitrary: withoutSomeOf(base).map((fields) => formBody(utf8(encode(fields)), 'body.missing')),
      });
    }
    // a form that does not parse: broken percent escapes, bytes that are not UTF-8, a field given twice
    breakers.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('%', '%Z', '%ZZ', '%E0%A4%A', '%C0%80', '%FF', '%ED%A0%80', 'a%'),
          fc.constantFrom(...(fieldNames.length ? fieldNames : ['name'])),
        )
        .map(([broken, name]) => `${encode(base)}&${name === 'page' ? 'message' : name}x=${broken}`)
        .map((text) => formBody(utf8(text), 'body.malformedForm')),
    });
    breakers.push({
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .map((bytes) => new Uint8Array([...utf8(`${encode(base)}&message=`), 0xff, 0xfe, 0xc0, ...bytes]))
        .map((bytes) => formBody(bytes, 'body.notUtf8')),
    });
    const present = Object.keys(base);
    if (present.length > 0) {
      breakers.push({
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...present), urlStrings)
          .map(([name, value]) => `${encode(base)}&${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
          .map((text) => formBody(utf8(text), 'body.duplicateField')),
      });
    }
    // a well-formed form under the wrong content type (or none)
    breakers.push({
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/octet-stream',
          'application/x-www-form-urlencodedx',
          'form',
          undefined,
        )
        .map(
          (contentType) => (draft: Draft) =>
            add(draft, 'body.contentType', {
              body: { ...(contentType ? { contentType } : {}), bytes: utf8(encode(base)) },
            }),
        ),
    });
    // unknown fields are noise: a form's extra inputs (a submit button's name) are ignored
    noise.push(
      fc
        .dictionary(
          fc
            .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 })
            .filter((key) => !(key in shapeOf(bodySchema))),
          urlStrings,
          { minKeys: 1, maxKeys: 2 },
        )
        .map((extra) => (draft: Draft) => {
          if (draft.body) return draft;
          return add(draft, 'body.unknown', {
            body: {
              contentType: 'application/x-www-form-urlencoded',
              bytes: utf8(encode({ ...base, ...extra })),
            },
          });
        }),
    );
  }

  if (bodyType === 'multipart' && request.body) {
    const bodySchema = request.body;
    const fieldNames = Object.keys(shapeOf(bodySchema));
    const baseFields = Object.entries(baseBodyObject ?? {});
    const multipartBody =
      (
        kind: string,
        fields: Array<[string, string]>,
        files: Array<{ field: string; name: string; type: string; bytes: Uint8Array }>,
        boundary = '----estatenet-bad-input',
      ) =>
      (draft: Draft) =>
        add(draft, kind, {
          body: {
            contentType: `multipart/form-data; boundary=${boundary}`,
            bytes: multipart(boundary, fields, files),
          },
        });
    const fieldsObject = (fields: Array<[string, string]>) => {
      const object: Record<string, unknown> = {};
      for (const [name, value] of fields) {
        const existing = object[name];
        object[name] =
          existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      }
      return object;
    };
    const image = (name: string) => [{ field: 'files', name, type: 'image/png', bytes: new Uint8Array(PNG) }];
    // form fields that fail the schema, sent with a real image
    if (fieldNames.length > 0) {
      breakers.push({
        weight: 3,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...fieldNames),
            fc.oneof(
              anyStrings.map((value) => [value]),
              fc.tuple(urlStrings, urlStrings),
            ),
            fileNames,
          )
          .map(([name, values, fileName]) => ({
            fields: [
              ...baseFields.filter(([key]) => key !== name),
              ...values.map((value): [string, string] => [name, value]),
            ],
            fileName,
          }))
          .filter(({ fields }) => fails(bodySchema, fieldsObject(fields)))
          .map(({ fields, fileName }) => multipartBody('body.field', fields, image(fileName))),
      });
    }
    if (baseFields.length > 0) {
      breakers.push({
        weight: 1,
        arbitrary: fc.subarray(baseFields, { minLength: 1 }).map((missing) =>
          multipartBody(
            'body.missing',
            baseFields.filter((field) => !missing.includes(field)),
            image('a.png'),
          ),
        ),
      });
    }
    // ids in the form that name no object of the caller's, sent with a real image
    for (const [name, schema] of Object.entries(shapeOf(bodySchema))) {
      if (!isObjectIdField(name, schema)) continue;
      const owned = baseBodyObject?.[name] ?? validValue(name, schema, owner, route.path);
      breakers.push({
        weight: 1,
        arbitrary: fc
          .oneof(fc.uuid(), urlStrings)
          .filter(
            (value) =>
              !fails(
                bodySchema,
                fieldsObject([...baseFields.filter(([key]) => key !== name), [name, value]]),
              ),
          )
          .filter((value) => value.trim() !== owned)
          .map((value) =>
            multipartBody(
              'body.unknownId',
              [...baseFields.filter(([key]) => key !== name), [name, value]],
              image('a.png'),
            ),
          ),
      });
    }
    // valid fields, but no usable image: none, not an image, two of them, in the wrong field
    const imageProblems = takesManyImages(shapeOf(bodySchema))
      ? IMAGES_OPTIONAL.has(route.id)
        ? (['notImage', 'wrongField'] as const)
        : (['none', 'notImage', 'wrongField'] as const)
      : (['none', 'notImage', 'two', 'wrongField'] as const);
    breakers.push({
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...imageProblems),
          notImages,
          fileNames,
          fc.array(
            fc.tuple(
              unknownKeys.filter((key) => !fieldNames.includes(key)),
              anyStrings,
            ),
            { maxLength: 3 },
          ),
        )
        .map(([problem, bytes, name, extra]) => {
          const fields = [...baseFields, ...extra];
          const files =
            problem === 'none'
              ? []
              : problem === 'notImage'
                ? [{ field: 'files', name, type: 'image/png', bytes }]
                : problem === 'two'
                  ? [...image('a.png'), ...image('b.png')]
                  : [{ field: 'file', name, type: 'image/png', bytes: new Uint8Array(PNG) }];
          return multipartBody(`body.image(${problem})`, fields, files);
        }),
    });
    // broken multipart: wrong or missing boundary, truncated or garbage bytes, wrong content types
    breakers.push({
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'boundaryMismatch',
            'noBoundary',
            'truncated',
            'truncatedInFile',
            'garbage',
            'notMultipart',
            'empty',
          ),
          boundaries,
          fc.nat(),
          fc.uint8Array({ minLength: 1, maxLength: 512 }),
        )
        .map(([problem, boundary, cut, garbage]) => (draft: Draft) => {
          const good = multipart(boundary, baseFields, image('a.png'));
          const contentType = `multipart/form-data; boundary=${boundary}`;
          const body =
            problem === 'boundaryMismatch'
              ? { contentType: 'multipart/form-data; boundary=not-the-one', bytes: good }
              : problem === 'noBoundary'
                ? { contentType: 'multipart/form-data', bytes: good }
                : problem === 'truncated'
                  ? { contentType, bytes: good.subarray(0, cut % (good.length - 10)) }
                  : problem === 'truncatedInFile'
                    ? {
                        contentType,
                        bytes: good.subarray(0, good.length - boundary.length - 12 - (cut % 20)),
                      }
                    : problem === 'garbage'
                      ? { contentType, bytes: garbage }
                      : problem === 'notMultipart'
                        ? {
                            contentType: 'application/json',
                            bytes: jsonBytes(Object.fromEntries(baseFields)),
                          }
                        : { contentType, bytes: new Uint8Array(0) };
          return add(draft, `body.multipart(${problem})`, { body });
        }),
    });
  }

  if (breakers.length === 0) throw new Error(`bad-input: nothing to break in ${route.id}`);

  return fc
    .tuple(
      fc.array(fc.oneof(...breakers), { minLength: 1, maxLength: 2 }),
      noise.length ? fc.array(fc.oneof(...noise), { maxLength: 1 }) : fc.constant([]),
    )
    .map(([broken, noisy]) => {
      let draft: Draft = { kinds: [], path: { ...basePath }, query: [...baseQuery] };
      for (const change of [...broken, ...noisy]) draft = change(draft);
      return toRequest(route, draft);
    })
    .filter((built) => built.url.length <= MAX_URL);
}

function decodesToFalsy(cursor: string): boolean {
  try {
    return !JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function toRequest(route: RouteDefinition, draft: Draft): MalformedRequest {
  const path = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => draft.path[name] ?? '');
  const search = draft.query.length ? `?${new URLSearchParams(draft.query).toString()}` : '';
  return {
    route: route.id,
    kinds: draft.kinds,
    url: `${path}${search}`,
    method: route.method,
    headers: draft.body?.contentType ? { 'content-type': draft.body.contentType } : {},
    ...(draft.body && route.method !== 'GET' ? { body: draft.body.bytes } : {}),
  };
}

// ---- JSON shapes (issue 20) ---------------------------------------------------------------------------

/** Keys that reach an object's prototype when a parser or a handler assigns them. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
/** What a prototype key carries: the classic pollution payloads (an object literal would set a `__proto__`). */
const pollution = (key: string) =>
  key === 'constructor' ? '{"prototype":{"polluted":true}}' : '{"polluted":true}';
const DEEP_LEVELS = 10_000;
const MANY_KEYS = 200_000;

/** JSON text `levels` deep: objects (`{"a":…}`), arrays (`[…]`) or the two alternating. */
function deepJson(levels: number, kind: 'object' | 'array' | 'mixed'): string {
  const opens: string[] = [];
  const closes: string[] = [];
  for (let level = 0; level < levels; level += 1) {
    const object = kind === 'object' || (kind === 'mixed' && level % 2 === 0);
    opens.push(object ? '{"a":' : '[');
    closes.push(object ? '}' : ']');
  }
  return `${opens.join('')}1${closes.reverse().join('')}`;
}

/** The members of a JSON object with `count` keys, without its braces. */
const manyMembers = (count: number) => Array.from({ length: count }, (_, index) => `"k${index}":0`).join(',');

/** A schema as a client sends it: the input side of wrappers and pipes (a form field's JSON after its text). */
function unwrapInput(schema: AnySchema): AnySchema {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') {
    return unwrapInput(def.innerType as AnySchema);
  }
  if (def.type === 'pipe') {
    const input = def.in as AnySchema;
    return unwrapInput(defOf(input).type === 'transform' ? (def.out as AnySchema) : input);
  }
  return schema;
}

type JsonPath = Array<string | number>;

/** The schema of `key` inside a value of `schema`, if it takes one. */
function childSchema(schema: AnySchema, key: string | number): AnySchema | undefined {
  const def = defOf(unwrapInput(schema));
  if (def.type === 'object') {
    const shape = (unwrapInput(schema) as unknown as { shape: Record<string, AnySchema> }).shape;
    return shape[key] ?? (def.catchall as AnySchema | undefined);
  }
  if (def.type === 'array') return def.element as AnySchema;
  if (def.type === 'record') return def.valueType as AnySchema;
  if (def.type === 'union') {
    for (const option of def.options as AnySchema[]) {
      const child = childSchema(option, key);
      if (child) return child;
    }
  }
  return undefined;
}

/**
 * Where a schema takes keys it does not name — records, loose objects, values of any shape — each with
 * the schema of a value there: the places a prototype key or a deep value can pass validation.
 */
function openPaths(schema: AnySchema, path: JsonPath = []): Array<{ path: JsonPath; value?: AnySchema }> {
  if (path.length > 6) return [];
  const inner = unwrapInput(schema);
  const def = defOf(inner);
  if (def.type === 'record') return [{ path, value: def.valueType as AnySchema }];
  if (def.type === 'unknown' || def.type === 'any') return [{ path }];
  if (def.type === 'object') {
    const catchall = def.catchall as AnySchema | undefined;
    const own = catchall && defOf(catchall).type !== 'never' ? [{ path, value: catchall }] : [];
    const shape = (inner as unknown as { shape: Record<string, AnySchema> }).shape;
    return [...own, ...Object.entries(shape).flatMap(([key, field]) => openPaths(field, [...path, key]))];
  }
  if (def.type === 'array') return openPaths(def.element as AnySchema, [...path, 0]);
  if (def.type === 'union') {
    const found = (def.options as AnySchema[]).flatMap((option) => openPaths(option, path));
    return found.filter(
      (entry, index) => found.findIndex((other) => other.path.join('.') === entry.path.join('.')) === index,
    );
  }
  return [];
}

/** A value a schema probably takes: required fields filled, the first option of a choice. */
function sampleOf(schema: AnySchema | undefined): unknown {
  if (!schema) return 1;
  const inner = unwrapInput(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object': {
      const shape = (inner as unknown as { shape: Record<string, AnySchema> }).shape;
      const entries = Object.entries(shape).filter(([, field]) => !isOptional(field));
      return Object.fromEntries(entries.map(([key, field]) => [key, sampleOf(field)]));
    }
    case 'array':
      return [];
    case 'record':
    case 'unknown':
    case 'any':
      return {};
    case 'string':
      return 'Valid Value';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return (inner as unknown as { options: unknown[] }).options[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sampleOf((def.options as AnySchema[])[0]);
    default:
      return null;
  }
}

const MARK = '\u0000shape-mark\u0000';

/**
 * The JSON text of `base` with `raw` (JSON text, which may be too deep for JSON.stringify or hold a
 * `__proto__` key no object literal keeps) at `path`; what leads there is filled with probable values.
 */
function jsonWith(schema: AnySchema, base: Record<string, unknown>, path: JsonPath, raw: string): string {
  if (path.length === 0) return raw;
  const body = structuredClone(base);
  let holder = body as Record<string | number, unknown>;
  let holderSchema: AnySchema | undefined = schema;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      holder[key] = MARK;
      break;
    }
    const fieldSchema: AnySchema | undefined = holderSchema && childSchema(holderSchema, key);
    const existing = holder[key];
    const next =
      existing !== null && typeof existing === 'object'
        ? existing
        : typeof path[index + 1] === 'number'
          ? [sampleOf(fieldSchema && childSchema(fieldSchema, 0))]
          : (sampleOf(fieldSchema) as object);
    if (Array.isArray(next) && next.length === 0)
      next.push(sampleOf(fieldSchema && childSchema(fieldSchema, 0)));
    holder[key] = next;
    holder = next as Record<string | number, unknown>;
    holderSchema = fieldSchema;
  }
  return JSON.stringify(body).replace(JSON.stringify(MARK), raw);
}

/** `base` as JSON text with more members (JSON text) after its own. */
function withMembers(base: Record<string, unknown>, members: string): string {
  const text = JSON.stringify(base);
  return text === '{}' ? `{${members}}` : `${text.slice(0, -1)},${members}}`;
}

/**
 * Bodies of shapes no parser or handler may choke on, for every route that takes JSON: nested 10,000 levels
 * deep, 200,000 keys, and the keys `__proto__`, `constructor` and `prototype` at the top and wherever the
 * schema takes keys it does not name (records, loose objects, multipart fields holding JSON). Each must be
 * answered 400, whatever else the body holds. (Form and multipart field names are flat and read into a Map:
 * a field named `__proto__` there is one like any other, ignored when the schema does not name it.)
 */
export function shapeRequests(route: RouteDefinition, owner: Owner): MalformedRequest[] {
  const { request } = route;
  if (!request.body) return [];
  const bodyType = request.bodyType ?? 'json';
  const bodySchema = request.body;
  const path = Object.fromEntries(
    Object.entries(validObject(request.path, owner, route.path)).map(([name, value]) => [
      name,
      encodeSegment(value),
    ]),
  );
  const query = Object.entries(validObject(request.query, owner, route.path));
  const base: Record<string, unknown> = validObject(bodySchema, owner, route.path);
  const built = (kind: string, contentType: string, bytes: Uint8Array): MalformedRequest => ({
    ...toRequest(route, { kinds: [kind], path, query, body: { contentType, bytes } }),
    status: 400,
  });
  const requests: MalformedRequest[] = [];

  if (bodyType === 'json') {
    const json = (kind: string, text: string) => built(kind, 'application/json', utf8(text));
    const open = openPaths(bodySchema).filter((entry) => entry.path.length > 0);
    const where = (at: JsonPath) => at.join('.');
    requests.push(
      json('shape.deep(objects)', deepJson(DEEP_LEVELS, 'object')),
      json('shape.deep(arrays)', deepJson(DEEP_LEVELS, 'array')),
      json('shape.manyKeys', withMembers(base, manyMembers(MANY_KEYS))),
      ...PROTOTYPE_KEYS.map((key) =>
        json(`shape.key(${key})`, withMembers(base, `${JSON.stringify(key)}:${pollution(key)}`)),
      ),
    );
    const fieldNames = Object.keys(shapeOf(bodySchema));
    const deepAt =
      open.length > 0 ? open.map((entry) => entry.path) : fieldNames.slice(0, 1).map((name) => [name]);
    for (const at of deepAt) {
      requests.push(
        json(
          `shape.deep(mixed)@${where(at)}`,
          jsonWith(bodySchema, base, at, deepJson(DEEP_LEVELS, 'mixed')),
        ),
      );
    }
    if (open[0]) {
      requests.push(
        json(
          `shape.manyKeys@${where(open[0].path)}`,
          jsonWith(bodySchema, base, open[0].path, `{${manyMembers(MANY_KEYS)}}`),
        ),
      );
    }
    for (const entry of open) {
      for (const key of PROTOTYPE_KEYS) {
        const value = entry.value ? JSON.stringify(sampleOf(entry.value)) : pollution(key);
        const raw = `{${JSON.stringify(key)}:${value}}`;
        requests.push(
          json(`shape.key(${key})@${where(entry.path)}`, jsonWith(bodySchema, base, entry.path, raw)),
        );
      }
    }
  }

  if (bodyType === 'multipart') {
    // fields whose text is JSON (metaDetails, metadata): parsed by the schema, so the same shapes apply
    const boundary = '----estatenet-shapes';
    const fields = Object.entries(base).map(([name, value]): [string, string] => [name, String(value)]);
    const image = [{ field: 'files', name: 'a.png', type: 'image/png', bytes: new Uint8Array(PNG) }];
    const form = (kind: string, name: string, text: string) =>
      built(
        kind,
        `multipart/form-data; boundary=${boundary}`,
        multipart(boundary, [...fields.filter(([key]) => key !== name), [name, text]], image),
      );
    for (const [name, field] of Object.entries(shapeOf(bodySchema))) {
      const type = defOf(unwrap(field)).type;
      if (type !== 'record' && type !== 'object') continue;
      requests.push(form(`shape.deep(mixed)@${name}`, name, deepJson(DEEP_LEVELS, 'mixed')));
      for (const key of PROTOTYPE_KEYS) {
        requests.push(form(`shape.key(${key})@${name}`, name, `{${JSON.stringify(key)}:${pollution(key)}}`));
      }
    }
  }
  return requests;
}
