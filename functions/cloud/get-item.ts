import { cloudRoutes } from '#contracts/routes/cloud';
import { withHttp } from '#platform/http';
import { readableItem, toView } from './cloud.ts';

/** One active item the caller owns or that is shared with it (directly or through a folder). */
export const handler = withHttp(cloudRoutes.getItem, async ({ path, identity }) =>
  toView(await readableItem(identity.agentId, path.id)),
);
