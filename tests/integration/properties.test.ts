import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { config } from '#aws/config';
import { PLANS } from '#contracts/plans';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import { MAX_SAVED_PROPERTIES } from '#contracts/schemas/properties';
import { Property, PropertyEntry, SavedCount } from '#functions/properties/entities';
import { Agent } from '#platform/accounts/entities';
import { callApi, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';
import { api, postToS3 } from '../support/cloud-files.ts';
import { testS3 } from '../support/s3.ts';

/** Properties through the local API Gateway: listing, media, search by key, saved, verification awards. */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

type Body = Record<string, unknown>;
interface PropertyBody {
  property_id: string;
  agent_id: string;
  title: string;
  price: number;
  city: string;
  media: Array<{ url: string; key?: string; name?: string; metaDetails?: Body }>;
  imageOrder: string[];
  [field: string]: unknown;
}
interface PageBody {
  items: PropertyBody[];
  pagination: { page: number; totalPages: number; limit: number; totalItems: number };
  totalExact: boolean;
  cursor?: string;
  error?: string;
}

const photo = (bytes: Buffer = PNG, name = 'photo.png') => ({
  field: 'files',
  name,
  bytes,
  type: bytes === JPEG ? 'image/jpeg' : 'image/png',
});

/** A unique city per test keeps its searches to its own listings. */
const uniqueCity = () => `Testville ${randomUUID().slice(0, 8)}`;

async function addProperty(
  agent: TestAgent,
  fields: Record<string, string> = {},
  files: ReturnType<typeof photo>[] = [],
): Promise<{ status: number; body: Body }> {
  const response = await callApi('/api/addProperty', {
    ...formBody({ title: 'Sunny flat', price: '250000', city: 'Lisbon', ...fields }, files),
    token: agent.token,
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function added(
  agent: TestAgent,
  fields: Record<string, string> = {},
  files: ReturnType<typeof photo>[] = [],
) {
  const result = await addProperty(agent, fields, files);
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.propertyId as string;
}

const getProperty = (agent: TestAgent, id: string) => api<PropertyBody>(agent, `/api/properties/${id}`);

function multipart(method: string, fields: Record<string, string>, files: ReturnType<typeof photo>[] = []) {
  return { ...formBody(fields, files), method };
}

const search = (agent: TestAgent, query: Record<string, string | number>) =>
  api<PageBody>(
    agent,
    `/api/properties/search?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  );

const objectOf = async (key: string) => {
  const object = await testS3().send(new GetObjectCommand({ Bucket: config.buckets.files, Key: key }));
  return { contentType: object.ContentType, bytes: Buffer.from(await object.Body!.transformToByteArray()) };
};
const objectExists = async (key: string) => {
  try {
    await testS3().send(new HeadObjectCommand({ Bucket: config.buckets.files, Key: key }));
    return true;
  } catch {
    return false;
  }
};

const agentRecord = async (agent: TestAgent) => (await Agent.get({ agent_id: agent.agentId }))!;
const usage = async (agent: TestAgent, feature: string) =>
  (await api<{ current: number }>(agent, `/api/feature-limits/${feature}`)).body.current;

/** A presigned property-media upload of `bytes`, posted to S3 as a browser does; answers its key. */
async function uploaded(agent: TestAgent, bytes: Buffer, name = 'front.jpg', purpose = 'property-media') {
  const ticket = await api<{ url: string; fields: Record<string, string>; key: string }>(
    agent,
    '/api/uploads',
    jsonBody('POST', { purpose, name, size: bytes.length, mime_type: 'image/jpeg' }),
  );
  expect(ticket.status).toBe(200);
  expect(await postToS3({ ...ticket.body, file: {} as never, expires_at: '' }, bytes, name)).toBe(204);
  return ticket.body.key;
}

describe('POST /api/addProperty', () => {
  it('lists a property with every field and inline photos, and awards PROPERTY_ADDED once', async () => {
    const agent = await createTestAgent();

    const result = await addProperty(
      agent,
      {
        title: '  Riverside loft  ',
        price: '425000.5',
        street_address: 'Rua do Alecrim 12',
        city: 'Lisbon',
        area: 'Chiado',
        bedrooms_count: '2',
        bathrooms_count: '1',
        size: '84.5',
        measurement_metric: 'sqm',
        furnishing: 'semi_furnished',
        status: 'for_sale',
        collaborator_commission: '2.5',
        description: 'Bright loft above the river.',
        additionalFeatures: JSON.stringify(['Balcony', 'Lift']),
        closeTo: 'Metro',
        views: JSON.stringify(['River']),
        video_link: 'https://video.example/loft',
        virtual_tour_link: 'https://tour.example/loft',
        metaDetails: JSON.stringify({ floor: 4 }),
      },
      [photo(PNG, 'living.png'), photo(JPEG, 'kitchen.jpg')],
    );

    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      propertyId: expect.any(String),
      points_awarded: REPUTATION_ACTIVITIES.PROPERTY_ADDED.points,
    });
    const id = result.body.propertyId as string;
    const property = await getProperty(agent, id);
    expect(property.status).toBe(200);
    expect(property.body).toMatchObject({
      property_id: id,
      agent_id: agent.agentId,
      title: 'Riverside loft',
      price: 425000.5,
      street_address: 'Rua do Alecrim 12',
      city: 'Lisbon',
      area: 'Chiado',
      bedrooms_count: 2,
      bathrooms_count: 1,
      size: 84.5,
      measurement_metric: 'sqm',
      furnishing: 'semi_furnished',
      status: 'for_sale',
      collaborator_commission: 2.5,
      description: 'Bright loft above the river.',
      additionalFeatures: ['Balcony', 'Lift'],
      closeTo: ['Metro'],
      views: ['River'],
      video_link: 'https://video.example/loft',
      virtual_tour_link: 'https://tour.example/loft',
      metaDetails: { floor: 4 },
      deed_verified: false,
      owner_acknowledged: false,
      created_at: expect.any(String),
    });
    expect(property.body).not.toHaveProperty('version');
    const { media, imageOrder } = property.body;
    expect(media.map((item) => item.name)).toEqual(['living.png', 'kitchen.jpg']);
    expect(imageOrder).toEqual(media.map((item) => item.url));
    for (const item of media)
      expect(item.url).toMatch(new RegExp(`^/media/properties/${id}/photo-[0-9a-f-]+\\.(png|jpg)$`));
    expect(await objectOf(media[1]!.url.slice(1))).toEqual({ contentType: 'image/jpeg', bytes: JPEG });
    // the public media path serves it same-origin
    const served = await callApi(media[0]!.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    await expect.poll(async () => (await agentRecord(agent)).property_count, { timeout: 10_000 }).toBe(1);
    expect((await agentRecord(agent)).reputation_points).toBe(REPUTATION_ACTIVITIES.PROPERTY_ADDED.points);
    expect(await usage(agent, 'properties')).toBe(1);
  });

  it('refuses verifications declared at creation: a listing earns only its own points', async () => {
    const agent = await createTestAgent();
    const { PROPERTY_ADDED } = REPUTATION_ACTIVITIES;

    const declared = await addProperty(agent, { deed_verified: 'true', owner_acknowledged: 'on' });
    const result = await addProperty(agent, { deed_verified: 'false', owner_acknowledged: 'off' });

    expect(declared.status).toBe(400);
    expect(declared.body.fields).toHaveProperty('deed_verified');
    expect(result.status).toBe(201);
    expect(result.body.points_awarded).toBe(PROPERTY_ADDED.points);
    await expect
      .poll(async () => (await agentRecord(agent)).reputation_points, { timeout: 10_000 })
      .toBe(PROPERTY_ADDED.points);
    expect((await agentRecord(agent)).verified_deals ?? 0).toBe(0);
    expect((await getProperty(agent, result.body.propertyId as string)).body).toMatchObject({
      deed_verified: false,
      owner_acknowledged: false,
    });
  });

  it('takes photos from presigned uploads: copied into the media, the uploads removed and their storage given back', async () => {
    const agent = await createTestAgent();
    const front = await uploaded(agent, JPEG, 'front.jpg');
    const garden = await uploaded(agent, PNG, 'garden.png');
    await expect.poll(() => usage(agent, 'storage'), { timeout: 10_000 }).toBe(JPEG.length + PNG.length);

    const id = await added(agent, { fileKeys: JSON.stringify([front, garden]) });

    const { media } = (await getProperty(agent, id)).body;
    expect(media.map((item) => item.name)).toEqual(['front.jpg', 'garden.png']);
    expect(await objectOf(media[0]!.url.slice(1))).toEqual({ contentType: 'image/jpeg', bytes: JPEG });
    expect(await objectOf(media[1]!.url.slice(1))).toEqual({ contentType: 'image/png', bytes: PNG });
    expect(await objectExists(front)).toBe(false);
    expect(await objectExists(garden)).toBe(false);
    await expect.poll(() => usage(agent, 'storage'), { timeout: 10_000 }).toBe(0);
  });

  it('refuses bad fields, foreign or unfinished uploads and non-images, naming the field and keeping nothing', async () => {
    const agent = await createTestAgent();
    const stranger = await createTestAgent();
    const theirs = await uploaded(stranger, JPEG);
    const ticket = await api<{ key: string }>(
      agent,
      '/api/uploads',
      jsonBody('POST', { purpose: 'property-media', name: 'late.jpg', size: 10, mime_type: 'image/jpeg' }),
    );
    const notAnImage = await uploaded(agent, Buffer.from('plain text, not a photo'), 'notes.jpg');

    const cases: Array<[Record<string, string>, ReturnType<typeof photo>[], number, RegExp]> = [
      [{ title: '' }, [], 400, /^Title is required$/],
      [{ price: 'cheap' }, [], 400, /^Price must be a number/],
      [{ status: 'gone' }, [], 400, /^Status must be one of/],
      [{ video_link: 'not a link' }, [], 400, /^Video link must be a valid URL/],
      [{ bedrooms_count: '2.5' }, [], 400, /^Bedrooms must be a whole number/],
      [{}, [{ ...photo(), bytes: Buffer.from('GIF89a') }], 400, /JPEG, PNG or WebP/],
      [{}, [{ ...photo(), field: 'file' }], 400, /not "file"/],
      [{ fileKeys: JSON.stringify([theirs]) }, [], 404, /Upload not found/],
      [{ fileKeys: JSON.stringify([ticket.body.key]) }, [], 400, /not finished uploading/],
      [{ fileKeys: JSON.stringify([notAnImage]) }, [], 400, /JPEG, PNG or WebP/],
    ];
    for (const [fields, files, status, message] of cases) {
      const result = await addProperty(agent, fields, files);
      expect(result.status, JSON.stringify(fields)).toBe(status);
      expect(String(result.body.error)).toMatch(message);
    }
    expect(await usage(agent, 'properties')).toBe(0);
    expect((await api<PageBody>(agent, `/api/properties?agent_id=${agent.agentId}`)).body.items).toEqual([]);
    expect(await objectExists(theirs)).toBe(true);
  });

  it('answers 402 usage_limit_reached with current/max at the Free Plan limit, writing nothing', async () => {
    const agent = await createTestAgent({ role: 'Superagent' });
    const maximum = PLANS.Superagent.limits.properties!;
    const { reserveFeature } = await import('#platform/accounts/limits');
    await reserveFeature({ agentId: agent.agentId, role: 'Superagent' }, 'properties', maximum);

    const refused = await addProperty(agent, { city: uniqueCity() }, [photo()]);

    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      paywall: true,
      reason: 'usage_limit_reached',
      feature: 'properties',
      current: maximum,
      maximum,
    });
    expect((await api<PageBody>(agent, `/api/properties?agent_id=${agent.agentId}`)).body.items).toEqual([]);
  });

  it('answers the subscription paywall to an expired plan', async () => {
    const agent = await createTestAgent({ role: 'Agent', subscriptionStatus: 'expired' });

    const refused = await addProperty(agent);

    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ paywall: true, reason: 'subscription_expired' });
  });
});

describe('PUT /api/properties/updateProperty/{id}', () => {
  it('changes fields, clears optional ones, removes and appends photos, and moves the search entries', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const [from, to] = [uniqueCity(), uniqueCity()];
    const id = await added(
      agent,
      { city: from, bedrooms_count: '3', video_link: 'https://video.example/a', price: '300000' },
      [photo(PNG, 'a.png'), photo(PNG, 'b.png')],
    );
    const before = (await getProperty(agent, id)).body;

    const response = await callApi(`/api/properties/updateProperty/${id}`, {
      ...multipart(
        'PUT',
        {
          city: to,
          price: '310000',
          clearFields: 'video_link',
          removeMedia: JSON.stringify([before.media[0]!.url]),
        },
        [photo(JPEG, 'c.jpg')],
      ),
      token: agent.token,
    });

    const text = await response.text();
    expect(response.status, text).toBe(200);
    const after = JSON.parse(text) as PropertyBody;
    expect(after).toMatchObject({
      city: to,
      price: 310000,
      bedrooms_count: 3,
      updated_at: expect.any(String),
    });
    expect(after).not.toHaveProperty('video_link');
    expect(after.media.map((item) => item.name)).toEqual(['b.png', 'c.jpg']);
    expect(after.imageOrder).toEqual(after.media.map((item) => item.url));
    await expect.poll(() => objectExists(before.media[0]!.url.slice(1))).toBe(false);
    expect((await search(agent, { city: from })).status).toBe(404);
    const moved = await search(agent, { city: to, minPrice: 305000 });
    expect(moved.body.items.map((item) => item.property_id)).toEqual([id]);
    expect((await search(agent, { city: to, bedrooms: 3 })).body.pagination.totalItems).toBe(1);
  });

  it('lets only the listing agent change it: 403 for another agent, 404 for none', async () => {
    const owner = await createTestAgent();
    const other = await createTestAgent();
    const id = await added(owner);

    const refused = await callApi(`/api/properties/updateProperty/${id}`, {
      ...multipart('PUT', { title: 'Hijacked' }),
      token: other.token,
    });
    const missing = await callApi(`/api/properties/updateProperty/${randomUUID()}`, {
      ...multipart('PUT', { title: 'Nothing' }),
      token: owner.token,
    });

    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Only the listing agent can change this property',
      code: 'forbidden',
    });
    expect(missing.status).toBe(404);
    expect((await getProperty(owner, id)).body.title).toBe('Sunny flat');
  });

  it('keeps the verification flags the server’s: flipping them is refused and awards nothing', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await added(agent);
    await expect.poll(async () => (await agentRecord(agent)).property_count, { timeout: 10_000 }).toBe(1);
    const update = (fields: Record<string, string>) =>
      callApi(`/api/properties/updateProperty/${id}`, { ...multipart('PUT', fields), token: agent.token });

    const statuses = [];
    for (const value of ['true', 'false', 'true']) {
      statuses.push((await update({ deed_verified: value, owner_acknowledged: value })).status);
    }

    expect(statuses).toEqual([400, 200, 400]);
    const { PROPERTY_ADDED } = REPUTATION_ACTIVITIES;
    expect((await agentRecord(agent)).reputation_points).toBe(PROPERTY_ADDED.points);
    expect((await agentRecord(agent)).verified_deals ?? 0).toBe(0);
    expect((await getProperty(agent, id)).body).toMatchObject({
      deed_verified: false,
      owner_acknowledged: false,
    });
    // and the reputation API does not take the agent's word for it either
    const reported = await api<{ error: string }>(
      agent,
      `/api/agents/${agent.agentId}/reputation`,
      jsonBody('POST', {
        activityType: 'PROPERTY_DEED_VERIFIED',
        description: 'Deed checked',
        relatedEntityType: 'property',
        relatedEntityId: id,
      }),
    );
    expect(reported.status).toBe(403);
  });
});

describe('photos', () => {
  it('appends uploaded images with their metaDetails and reorders them to a given url list', async () => {
    const agent = await createTestAgent();
    const id = await added(agent, {}, [photo(PNG, 'one.png')]);
    const key = await uploaded(agent, JPEG, 'two.jpg');

    const appended = await api<{ media: PropertyBody['media']; imageOrder: string[] }>(
      agent,
      `/api/properties/${id}/uploadImages`,
      {
        ...formBody(
          {
            propertyId: id,
            type: 'property-image',
            metaDetails: JSON.stringify({ room: 'kitchen' }),
            fileKeys: key,
          },
          [photo(PNG, 'three.png')],
        ),
      },
    );

    expect(appended.status).toBe(200);
    expect(appended.body.media.map((item) => item.name)).toEqual(['one.png', 'two.jpg', 'three.png']);
    expect(appended.body.media[1]!.metaDetails).toEqual({ room: 'kitchen' });
    const reversed = [...appended.body.imageOrder].reverse();

    const reordered = await api<{ imageOrder: string[]; media: PropertyBody['media'] }>(
      agent,
      `/api/properties/${id}/image-order`,
      jsonBody('PUT', { imageOrder: reversed }),
    );

    expect(reordered.status).toBe(200);
    expect(reordered.body.imageOrder).toEqual(reversed);
    expect((await getProperty(agent, id)).body.media.map((item) => item.name)).toEqual([
      'three.png',
      'two.jpg',
      'one.png',
    ]);
  });

  it('refuses an order that is not every image once, images of another agent, and an upload without images', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    const id = await added(agent, {}, [photo(PNG, 'one.png'), photo(PNG, 'two.png')]);
    const urls = (await getProperty(agent, id)).body.imageOrder;
    const order = (caller: TestAgent, imageOrder: string[]) =>
      api<Body>(caller, `/api/properties/${id}/image-order`, jsonBody('PUT', { imageOrder }));

    expect((await order(agent, [urls[0]!])).status).toBe(400);
    expect((await order(agent, [urls[0]!, '/media/elsewhere.png'])).status).toBe(400);
    expect((await order(other, [...urls].reverse())).status).toBe(403);
    const none = await api<Body>(agent, `/api/properties/${id}/uploadImages`, {
      ...formBody({ propertyId: id, type: 'property-image' }),
    });
    expect(none).toMatchObject({ status: 400, body: { error: 'A file is required' } });
    const mismatch = await api<Body>(agent, `/api/properties/${randomUUID()}/uploadImages`, {
      ...formBody({ propertyId: id, type: 'property-image' }, [photo()]),
    });
    expect(mismatch.status).toBe(400);
    expect((await getProperty(agent, id)).body.imageOrder).toEqual(urls);
  });
});

describe('GET /api/properties', () => {
  it("pages one agent's listings newest first with exact totals, by cursor and by page number", async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await added(agent, { title: `Listing ${index}` }));
    const newestFirst = [...ids].reverse();

    const first = await api<PageBody>(agent, `/api/properties?agent_id=${agent.agentId}&limit=2`);
    const second = await api<PageBody>(
      agent,
      `/api/properties?agent_id=${agent.agentId}&limit=2&page=2&cursor=${first.body.cursor}`,
    );
    const third = await api<PageBody>(agent, `/api/properties?agent_id=${agent.agentId}&limit=2&page=3`);

    expect(first.body.items.map((item) => item.property_id)).toEqual(newestFirst.slice(0, 2));
    expect(first.body.pagination).toEqual({ page: 1, totalPages: 3, limit: 2, totalItems: 5 });
    expect(first.body.totalExact).toBe(true);
    expect(second.body.items.map((item) => item.property_id)).toEqual(newestFirst.slice(2, 4));
    expect(third.body.items.map((item) => item.property_id)).toEqual(newestFirst.slice(4));
    expect(third.body.cursor).toBeUndefined();
  });

  it('shows the whole network newest first, and refuses a cursor it never gave', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    const theirs = await added(other);

    // other files add listings to the same network meanwhile: theirs is among the newest, in order
    const page = await api<PageBody>(agent, '/api/properties?limit=50');
    const forged = await api<PageBody>(
      agent,
      `/api/properties?cursor=${Buffer.from('{"after":"PROPERTY#x"}').toString('base64url')}`,
    );

    expect(page.body.items.map((item) => item.property_id)).toContain(theirs);
    const created = page.body.items.map((item) => String(item.created_at));
    expect(created).toEqual([...created].sort().reverse());
    expect(page.body.pagination.totalItems).toBeGreaterThanOrEqual(1);
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/^Page is not one this list gave/);
  });
});

describe('GET /api/properties/search', () => {
  /** Six listings in a city of their own: prices 100k…600k, bedrooms 1…3, two statuses, a day apart. */
  async function catalogue() {
    const agent = await createTestAgent({ role: 'Agent' });
    const city = uniqueCity();
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      ids.push(
        await added(agent, {
          city: index % 2 ? city.toUpperCase() : city,
          title: `Home ${index}`,
          price: String((index + 1) * 100_000),
          bedrooms_count: String((index % 3) + 1),
          status: index < 4 ? 'for_sale' : 'for_rent',
        }),
      );
    }
    // spread their creation over six days (the entries move with the property's created_at)
    for (const [index, id] of ids.entries()) {
      const property = (await Property.get({ property_id: id }))!;
      const { writeProperty } = await import('#functions/properties/entities');
      await writeProperty(property, {
        ...property,
        created_at: `2026-01-0${index + 1}T10:00:00.000Z`,
        version: property.version + 1,
      });
    }
    return { agent, city, ids };
  }

  it('filters by price range, city (any case), status, bedrooms at least and dates, sorting as asked', async () => {
    const { agent, city, ids } = await catalogue();
    const found = async (query: Record<string, string | number>) => {
      const result = await search(agent, { city, ...query });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.items.map((item) => ids.indexOf(item.property_id));
    };

    expect(await found({})).toEqual([5, 4, 3, 2, 1, 0]);
    expect(await found({ sortBy: 'oldest' })).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await found({ sortBy: 'price_asc', minPrice: 200_000, maxPrice: 400_000 })).toEqual([1, 2, 3]);
    expect(await found({ sortBy: 'price_desc', minPrice: 250_000 })).toEqual([5, 4, 3, 2]);
    expect(await found({ minPrice: 150_000, maxPrice: 450_000 })).toEqual([3, 2, 1]);
    expect(await found({ status: 'for_rent' })).toEqual([5, 4]);
    expect(await found({ bedrooms: 2 })).toEqual([5, 4, 2, 1]);
    expect(await found({ bedrooms: 3, sortBy: 'price_asc' })).toEqual([2, 5]);
    expect(await found({ createdFrom: '2026-01-02', createdTo: '2026-01-04' })).toEqual([3, 2, 1]);
    expect(await found({ createdFrom: '2026-01-03', sortBy: 'price_desc', maxPrice: 500_000 })).toEqual([
      4, 3, 2,
    ]);
    expect(
      await found({ city: city.toLowerCase(), status: 'for_sale', bedrooms: 1, maxPrice: 300_000 }),
    ).toEqual([2, 1, 0]);
  });

  it('answers 404 when nothing matches, and exact totals with ranges while they are small', async () => {
    const { agent, city } = await catalogue();

    const none = await search(agent, { city, minPrice: 700_000 });
    const ranged = await search(agent, { city, minPrice: 200_000, limit: 2 });

    expect(none.status).toBe(404);
    expect(none.body.error).toBe('No properties match your search');
    expect((await search(agent, { city: uniqueCity() })).status).toBe(404);
    expect(ranged.body.pagination).toEqual({ page: 1, totalPages: 3, limit: 2, totalItems: 5 });
    expect(ranged.body.totalExact).toBe(true);
  });

  it('continues after a cursor and jumps to a page, in every sort, across bedroom partitions', async () => {
    const { agent, city, ids } = await catalogue();
    for (const sortBy of ['newest', 'oldest', 'price_asc', 'price_desc']) {
      const all = (await search(agent, { city, sortBy, bedrooms: 1 })).body.items.map(
        (item) => item.property_id,
      );
      expect(all).toHaveLength(6);
      const pages: string[] = [];
      let cursor: string | undefined;
      let page = 1;
      do {
        const result = await search(agent, {
          city,
          sortBy,
          bedrooms: 1,
          limit: 4,
          page,
          ...(cursor ? { cursor } : {}),
        });
        pages.push(...result.body.items.map((item) => item.property_id));
        cursor = result.body.cursor;
        page += 1;
      } while (cursor);
      expect(pages, sortBy).toEqual(all);
      const jumped = await search(agent, { city, sortBy, bedrooms: 1, limit: 4, page: 2 });
      expect(
        jumped.body.items.map((item) => item.property_id),
        sortBy,
      ).toEqual(all.slice(4));
    }
    expect(ids).toHaveLength(6);
  });

  it('refuses a cursor from another search and ranges the wrong way round', async () => {
    const { agent, city } = await catalogue();
    const byPrice = await search(agent, { city, sortBy: 'price_asc', limit: 2 });

    const mixed = await search(agent, { city, sortBy: 'newest', cursor: byPrice.body.cursor! });
    const reversed = await search(agent, { city, minPrice: 5, maxPrice: 1 });

    expect(mixed.status).toBe(400);
    expect(reversed).toMatchObject({
      status: 400,
      body: { error: 'Maximum price must be at least the minimum price' },
    });
  });

  it('keeps a property in exactly its scopes: one date and one price entry each', async () => {
    const agent = await createTestAgent();
    const id = await added(agent, { city: uniqueCity(), bedrooms_count: '2' });

    const entries = await PropertyEntry.scan();
    const mine = entries.filter((entry) => entry.order_key.endsWith(`#${id}`));

    // all, city, status, city+status — each also with its bedroom count — by date and by price; and its agent's list
    expect(mine).toHaveLength(8 * 2 + 1);
  });
});

describe('saved properties', () => {
  it('saves an id once, lists it with the property, and unsaves it', async () => {
    const agent = await createTestAgent();
    const owner = await createTestAgent();
    const [first, second] = [await added(owner), await added(owner)];
    const save = (id: string) =>
      api<{ savedProperties: string[] }>(agent, `/api/saved-properties/${id}`, { method: 'PUT' });

    expect((await save(first)).body.savedProperties).toEqual([first]);
    expect((await save(first)).body.savedProperties).toEqual([first]);
    expect((await save(second)).body.savedProperties).toEqual([second, first]);
    const listed = await api<{ savedProperties: string[]; items: PropertyBody[]; pagination: Body }>(
      agent,
      '/api/saved-properties?limit=1&page=2',
    );
    expect(listed.body).toMatchObject({
      savedProperties: [second, first],
      items: [{ property_id: first }],
      pagination: { page: 2, totalPages: 2, limit: 1, totalItems: 2 },
    });

    const removed = await api<{ savedProperties: string[] }>(agent, `/api/saved-properties/${second}`, {
      method: 'DELETE',
    });
    const again = await api<{ savedProperties: string[] }>(agent, `/api/saved-properties/${second}`, {
      method: 'DELETE',
    });

    expect(removed.body.savedProperties).toEqual([first]);
    expect(again).toEqual({ status: 200, body: { savedProperties: [first] } });
    expect((await save(randomUUID())).status).toBe(404);
    expect((await SavedCount.get({ agent_id: agent.agentId }))?.saved).toBe(1);
  });

  it(`stops at ${MAX_SAVED_PROPERTIES} saved properties`, async () => {
    const agent = await createTestAgent();
    const id = await added(await createTestAgent());
    await SavedCount.put({ agent_id: agent.agentId, saved: MAX_SAVED_PROPERTIES });

    const refused = await api<Body>(agent, `/api/saved-properties/${id}`, { method: 'PUT' });

    expect(refused.status).toBe(409);
    expect(
      (await api<{ savedProperties: string[] }>(agent, '/api/saved-properties')).body.savedProperties,
    ).toEqual([]);
  });
});
