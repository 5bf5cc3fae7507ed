import { MAX_EVENT_DAYS } from '#contracts/agenda-values';
import { agendaRoutes } from '#contracts/routes/agenda';
import { gt } from '#platform/data/expression';
import { withHttp } from '#platform/http';
import { AgendaEvent } from './entities.ts';
import { eventView } from './events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The caller's events overlapping [from, to): one Query of its `byStart` index for start times from
 * MAX_EVENT_DAYS before `from` (no event lasts longer) up to `to`, keeping those that end after `from`.
 */
export const handler = withHttp(agendaRoutes.listAgendaEvents, async ({ query, identity }) => {
  const from = new Date(query.from).toISOString();
  const to = new Date(query.to).toISOString();
  const earliestStart = new Date(Date.parse(from) - MAX_EVENT_DAYS * DAY_MS).toISOString();
  const page = await AgendaEvent.query(
    'byStart',
    { agent_id: identity.agentId },
    {
      between: { from: earliestStart, to },
      filter: gt('ends_at', from),
      limit: query.limit,
      cursor: query.cursor,
    },
  );
  return { items: page.items.map(eventView), ...(page.cursor ? { cursor: page.cursor } : {}) };
});
