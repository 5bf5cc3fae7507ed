import { cloudRoutes } from '#contracts/routes/cloud';
import { InvalidCursorError } from '#platform/data/entity';
import { withHttp } from '#platform/http';
import { toViews } from './cloud.ts';
import { CloudItem, type CloudItemRecord, CloudShare } from './entities.ts';

interface SharedCursor {
  /** next page of "Shared with you" (absent: that list is done) */
  with?: string;
  /** next page of "Shared by you" */
  by?: string;
}

const encode = (cursor: SharedCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(text: string): SharedCursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const { with: withCursor, by, ...rest } = value as Record<string, unknown>;
      const valid = (part: unknown) => part === undefined || typeof part === 'string';
      if (Object.keys(rest).length === 0 && valid(withCursor) && valid(by) && (withCursor || by)) {
        return { ...(withCursor ? { with: withCursor as string } : {}), ...(by ? { by: by as string } : {}) };
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw new InvalidCursorError();
}

/**
 * Items shared with the caller (its share records, newest share first; only items still active) and the
 * caller's own shared items, in one list: the app splits them into "Shared with you" and "Shared by you"
 * (spec §4). The cursor carries where each of the two lists stopped.
 */
export const handler = withHttp(cloudRoutes.listShared, async ({ query, identity }) => {
  const cursor: SharedCursor = query.cursor ? decode(query.cursor) : { with: '', by: '' };
  const half = Math.max(1, Math.ceil(query.limit / 2));
  const items: CloudItemRecord[] = [];
  const next: SharedCursor = {};
  if (cursor.with !== undefined) {
    const shares = await CloudShare.query(
      'primary',
      { recipient_id: identity.agentId },
      { limit: half, descending: true, ...(cursor.with ? { cursor: cursor.with } : {}) },
    );
    const found = await Promise.all(shares.items.map((share) => CloudItem.get({ id: share.item_id })));
    for (const item of found) {
      if (item?.state === 'active' && item.shared_with.some((entry) => entry.agent_id === identity.agentId)) {
        items.push(item);
      }
    }
    if (shares.cursor) next.with = shares.cursor;
  }
  if (cursor.by !== undefined) {
    const mine = await CloudItem.query(
      'sharedBy',
      { agent_id: identity.agentId, shared_gate: 'SHARED' },
      { limit: half, descending: true, ...(cursor.by ? { cursor: cursor.by } : {}) },
    );
    items.push(...mine.items);
    if (mine.cursor) next.by = mine.cursor;
  }
  return {
    items: await toViews(items),
    ...(next.with !== undefined || next.by !== undefined ? { cursor: encode(next) } : {}),
  };
});
