import { MAX_EVENT_DAYS } from '#contracts/agenda-values';
import { agendaRoutes } from '#contracts/routes/agenda';
import { Agent } from '#platform/accounts/entities';
import { gt } from '#platform/data/expression';
import { notFound } from '#platform/errors';
import { respond, withHttp } from '#platform/http';
import { AgendaEvent, type AgendaEventItem } from './entities.ts';
import { agentOfToken } from './feed.ts';
import { buildCalendar } from './ical.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a subscriber sees: the past 90 days and the next year, at most this many events. */
const PAST_DAYS = 90;
const FUTURE_DAYS = 366;
const MAX_EVENTS = 2000;
/** base64url of 32 random bytes, optionally followed by `.ics` */
const TOKEN = /^([A-Za-z0-9_-]{43})(\.ics)?$/;

/**
 * The public iCalendar feed of a secret token (no bearer token: calendar apps cannot send one). A token
 * that is malformed, unknown, rotated or revoked is a 404 that says nothing more.
 */
export const handler = withHttp(agendaRoutes.getAgendaFeedCalendar, async ({ path }) => {
  const token = TOKEN.exec(path.token)?.[1];
  const agentId = token ? await agentOfToken(token) : undefined;
  if (!agentId) throw notFound('Calendar feed');
  const now = Date.now();
  const from = new Date(now - PAST_DAYS * DAY_MS).toISOString();
  const to = new Date(now + FUTURE_DAYS * DAY_MS).toISOString();
  const events: AgendaEventItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await AgendaEvent.query(
      'byStart',
      { agent_id: agentId },
      {
        between: { from: new Date(Date.parse(from) - MAX_EVENT_DAYS * DAY_MS).toISOString(), to },
        filter: gt('ends_at', from),
        limit: 500,
        cursor,
      },
    );
    events.push(...page.items);
    cursor = page.cursor;
  } while (cursor && events.length < MAX_EVENTS);
  const agent = await Agent.get({ agent_id: agentId });
  const calendar = buildCalendar({
    name: agent ? `EstateNet · ${agent.full_name}` : 'EstateNet agenda',
    events: events.slice(0, MAX_EVENTS),
    now: new Date(now),
  });
  return respond(200, calendar, {
    'content-disposition': 'inline; filename="estatenet-agenda.ics"',
    // the token is the credential: keep the feed out of shared caches
    'cache-control': 'private, max-age=300',
  });
});
