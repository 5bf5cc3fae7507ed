import { DeleteObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { S3_EVENT_SOURCE, S3_OBJECT_CREATED, S3_OBJECT_DELETED } from '#contracts/events';
import { PLANS, ROLES } from '#contracts/plans';
import { createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import {
  api,
  type CloudItemBody,
  listAll,
  postToS3,
  startUpload,
  storageUsage,
  uploadFile,
} from '../support/cloud-files.ts';
import { testS3 } from '../support/s3.ts';
import type { ConsumerProbe, IdempotencyCase } from './idempotency-fixtures.ts';
import type { LimitedRouteFixture } from './limited-routes.ts';

/**
 * The cloud store's races against the storage quota (bytes), and the storage consumer's idempotency cases.
 * A single upload is at most 100 MB, so the Free Plan's 1 GiB is raced as 16 slots of 64 MiB.
 */
const SLOTS = 16;

/** The first plan (the Free Plan first) with a finite storage quota (not imported from limited-routes: a cycle). */
function storageSlots() {
  const role = ROLES.find((candidate) => (PLANS[candidate].limits.storage ?? 0) > 0)!;
  const limit = PLANS[role].limits.storage!;
  const bytes = Math.floor(limit / SLOTS);
  return { role, bytes };
}

const scanItems = async (agentId: string) => {
  const [{ CloudItem }, { eq }] = await Promise.all([
    import('#functions/cloud/entities'),
    import('#platform/data/expression'),
  ]);
  return CloudItem.scan(eq('agent_id', agentId));
};

export const cloudLimitFixtures: Record<
  'startUpload' | 'duplicateItem' | 'createUploadUrl',
  LimitedRouteFixture
> = {
  startUpload: {
    arrange: async () => {
      const { role, bytes } = storageSlots();
      const owner = await createTestAgent({ role });
      return {
        owner,
        slots: SLOTS,
        unitsPerRequest: bytes,
        request: (index) => ({
          path: '/cloud/upload',
          init: jsonBody('POST', {
            name: `raced-${index}.bin`,
            size: bytes,
            mime_type: 'application/octet-stream',
          }),
        }),
        // what the uploads hold: the reservation of each started (pending) upload
        realUsage: async () =>
          (await scanItems(owner.agentId)).reduce((sum, item) => sum + (item.reserved_bytes ?? item.size), 0),
      };
    },
  },
  duplicateItem: {
    arrange: async () => {
      const { role, bytes } = storageSlots();
      // the source is someone else's file shared with the caller: copies land in the caller's root
      const sharer = await createTestAgent({ role: 'Agent' });
      const source = await uploadFile(sharer, 'raced-source.bin', new Uint8Array(bytes));
      const owner = await createTestAgent({ role });
      const shared = await api(
        sharer,
        `/cloud/${source.id}/share`,
        jsonBody('PUT', { shared_with: [{ agent_id: owner.agentId }] }),
      );
      expect(shared.status).toBe(200);
      return {
        owner,
        slots: SLOTS,
        unitsPerRequest: bytes,
        request: () => ({ path: `/cloud/${source.id}/duplicate`, init: { method: 'POST' } }),
        realUsage: async () =>
          (await listAll(owner, '/cloud/files?limit=500')).reduce((sum, item) => sum + item.size, 0),
      };
    },
  },
  createUploadUrl: {
    arrange: async () => {
      const { role, bytes } = storageSlots();
      const owner = await createTestAgent({ role });
      return {
        owner,
        slots: SLOTS,
        unitsPerRequest: bytes,
        request: (index) => ({
          path: '/api/uploads',
          init: jsonBody('POST', {
            purpose: 'property-media',
            name: `photo-${index}.jpg`,
            size: bytes,
            mime_type: 'image/jpeg',
          }),
        }),
        realUsage: async () => {
          const [{ UploadTicket }, { eq }] = await Promise.all([
            import('#functions/cloud/entities'),
            import('#platform/data/expression'),
          ]);
          return (await UploadTicket.scan(eq('agent_id', owner.agentId))).reduce(
            (sum, ticket) => sum + ticket.size,
            0,
          );
        },
      };
    },
  },
};

// ── the storage consumer (events/consumers/account-storage.ts) ─────────────────────────────────────────

const filesBucket = () => process.env.FILES_BUCKET!;

interface UploadEffect {
  usage: number;
  status?: string;
  size?: number;
}

/** The owner's usage (API) and the item's state (table: a pending upload is not readable through the API). */
const uploadEffect = async (agent: TestAgent, id: string): Promise<UploadEffect> => {
  const { CloudItem } = await import('#functions/cloud/entities');
  const item = await CloudItem.get({ id }, { consistent: true });
  return {
    usage: await storageUsage(agent),
    ...(item ? { status: item.state === 'pending' ? 'pending' : 'complete', size: item.size } : {}),
  };
};

const s3Event = (
  detailType: string,
  key: string,
  size?: number,
): Omit<ConsumerProbe, 'effect' | 'expectOnce'> => ({
  source: S3_EVENT_SOURCE,
  detailType,
  detail: {
    bucket: { name: filesBucket() },
    object: { key, ...(size === undefined ? {} : { size }) },
    reason: 'test',
  },
});

/**
 * An upload's object arrives (S3 "Object Created"): settled once, to its real size. The object is staged
 * under a key the consumer ignores and the pending item pointed at it, so only the suite's deliveries
 * settle it.
 */
const uploadArrives: IdempotencyCase<ConsumerProbe> = {
  name: 'an upload’s object arriving, larger than declared',
  arrange: async () => {
    const agent = await createTestAgent();
    const start = await startUpload(agent, { name: 'arriving.bin', size: 10 });
    const staged = `staging/${start.body.file.id}`;
    await testS3().send(
      new PutObjectCommand({ Bucket: filesBucket(), Key: staged, Body: Buffer.alloc(25, 1) }),
    );
    const { CloudItem } = await import('#functions/cloud/entities');
    const item = (await CloudItem.get({ id: start.body.file.id }, { consistent: true }))!;
    await CloudItem.put({ ...item, object_key: staged });
    return {
      ...s3Event(S3_OBJECT_CREATED, `cloud/${agent.agentId}/${item.id}`, 25),
      effect: () => uploadEffect(agent, item.id),
      expectOnce: (once: UploadEffect, before: UploadEffect) => {
        expect(before).toEqual({ usage: 10, status: 'pending', size: 10 });
        expect(once).toEqual({ usage: 25, status: 'complete', size: 25 });
      },
    } as ConsumerProbe;
  },
};

/** An object removed out of band (S3 "Object Deleted"): its item goes and its bytes come back, once. */
const objectVanishes: IdempotencyCase<ConsumerProbe> = {
  name: 'a confirmed file’s object deleted out of band',
  arrange: async () => {
    const agent = await createTestAgent();
    const file = await uploadFile(agent, 'vanishing.txt', Buffer.alloc(40, 2));
    await uploadFile(agent, 'staying.txt', Buffer.alloc(7, 3));
    const key = `cloud/${agent.agentId}/${file.id}`;
    // s3rver sends no event for a multi-object delete, so only the suite's deliveries report it
    await testS3().send(
      new DeleteObjectsCommand({ Bucket: filesBucket(), Delete: { Objects: [{ Key: key }] } }),
    );
    return {
      ...s3Event(S3_OBJECT_DELETED, key),
      effect: () => uploadEffect(agent, file.id),
      expectOnce: (once: UploadEffect, before: UploadEffect) => {
        expect(before).toMatchObject({ usage: 47, status: 'complete' });
        expect(once).toEqual({ usage: 7 });
      },
    } as ConsumerProbe;
  },
};

/** A presigned media upload's object deleted: the ticket's bytes come back once. */
const ticketObjectDeleted: IdempotencyCase<ConsumerProbe> = {
  name: 'an uploaded media object deleted',
  arrange: async () => {
    const agent = await createTestAgent();
    const ticket = await api<{ url: string; fields: Record<string, string>; key: string }>(
      agent,
      '/api/uploads',
      jsonBody('POST', { purpose: 'website-asset', name: 'logo.png', size: 12, mime_type: 'image/png' }),
    );
    expect(ticket.status).toBe(200);
    expect(
      await postToS3({ ...ticket.body, file: {} as CloudItemBody, expires_at: '' }, Buffer.alloc(12, 4)),
    ).toBe(204);
    await expect.poll(() => storageUsage(agent), { timeout: 10_000 }).toBe(12);
    const { UploadTicket } = await import('#functions/cloud/entities');
    await expect
      .poll(async () => (await UploadTicket.get({ key: ticket.body.key }))?.state, { timeout: 10_000 })
      .toBe('complete');
    await testS3().send(
      new DeleteObjectsCommand({ Bucket: filesBucket(), Delete: { Objects: [{ Key: ticket.body.key }] } }),
    );
    return {
      ...s3Event(S3_OBJECT_DELETED, ticket.body.key),
      effect: async () => ({
        usage: await storageUsage(agent),
        ticket: (await UploadTicket.get({ key: ticket.body.key }))?.state ?? null,
      }),
      expectOnce: (once: unknown, before: unknown) => {
        expect(before).toEqual({ usage: 12, ticket: 'complete' });
        expect(once).toEqual({ usage: 0, ticket: null });
      },
    } as ConsumerProbe;
  },
};

export const storageConsumerCases: IdempotencyCase<ConsumerProbe>[] = [
  uploadArrives,
  objectVanishes,
  ticketObjectDeleted,
];
