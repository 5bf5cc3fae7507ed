import { dealsRoutes } from '#contracts/routes/deals';
import { respond, withHttp } from '#platform/http';
import { addDealNote } from './deals.ts';

/** A note on an open deal's timeline, seen by both agents. */
export const handler = withHttp(dealsRoutes.addDealNote, async ({ path, body, identity }) => {
  const { deal_id, ...entry } = await addDealNote(identity, path.id, body.text);
  return respond(201, entry);
});
