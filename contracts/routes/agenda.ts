import { defineRoutes } from '../route.ts';
import {
  agendaEvent,
  agendaEventCreate,
  agendaEventList,
  agendaEventUpdate,
  agendaFeed,
  agendaFeedTokenParam,
  icalendar,
  listAgendaEventsQuery,
} from '../schemas/agenda.ts';
import { idParam, okBody } from '../schemas/common.ts';

/**
 * The agenda (issue 7; the spec shows no endpoints): the signed-in agent's events, and a secret iCalendar
 * feed per agent so other calendars can subscribe to them.
 */
export const agendaRoutes = defineRoutes({
  listAgendaEvents: {
    method: 'GET',
    path: '/api/agenda/events',
    handler: 'functions/agenda/list-events.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Your events overlapping [from, to) (at most 100 days), by start time',
    request: { query: listAgendaEventsQuery },
    response: agendaEventList,
    resources: { table: 'read' },
  },
  createAgendaEvent: {
    method: 'POST',
    path: '/api/agenda/events',
    handler: 'functions/agenda/create-event.ts',
    auth: 'token',
    access: 'signed-in',
    successStatus: 201,
    summary:
      'Add an event (viewing, meeting, call or deadline); its reminder appears in notifications at its time',
    request: { body: agendaEventCreate },
    response: agendaEvent,
    resources: { table: 'readwrite' },
  },
  updateAgendaEvent: {
    method: 'PATCH',
    path: '/api/agenda/events/{id}',
    handler: 'functions/agenda/update-event.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    summary:
      'Change or reschedule one of your events (moving only start keeps the duration); the reminder moves too',
    request: { path: idParam, body: agendaEventUpdate },
    response: agendaEvent,
    resources: { table: 'readwrite' },
  },
  deleteAgendaEvent: {
    method: 'DELETE',
    path: '/api/agenda/events/{id}',
    handler: 'functions/agenda/delete-event.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Remove one of your events and its reminder',
    request: { path: idParam },
    response: okBody,
    resources: { table: 'readwrite' },
  },
  getAgendaFeed: {
    method: 'GET',
    path: '/api/agents/{id}/agenda/feed',
    handler: 'functions/agenda/get-feed.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Your calendar feed address, if you made one (id is your agent id)',
    request: { path: idParam },
    response: agendaFeed,
    resources: { table: 'read' },
  },
  rotateAgendaFeed: {
    method: 'POST',
    path: '/api/agents/{id}/agenda/feed',
    handler: 'functions/agenda/rotate-feed.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Make a new secret feed address; the previous one stops working',
    request: { path: idParam },
    response: agendaFeed,
    resources: { table: 'readwrite' },
  },
  revokeAgendaFeed: {
    method: 'DELETE',
    path: '/api/agents/{id}/agenda/feed',
    handler: 'functions/agenda/revoke-feed.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Turn your calendar feed off; its address stops working',
    request: { path: idParam },
    response: agendaFeed,
    resources: { table: 'readwrite' },
  },
  getAgendaFeedCalendar: {
    method: 'GET',
    path: '/api/agenda/feed/{token}',
    handler: 'functions/agenda/feed-calendar.ts',
    auth: 'none',
    access: 'public',
    summary:
      'The iCalendar (RFC 5545) feed of a secret token (`<token>.ics`): the past 90 days and the next year of its agent’s events',
    request: { path: agendaFeedTokenParam },
    response: icalendar,
    responseContentType: 'text/calendar; charset=utf-8',
    resources: { table: 'read' },
    // calendar apps poll each feed every few minutes to hours (10/s is 9,000 feeds polled every 15 min);
    // a guessing or scraping client is capped, and the WAF caps each address (infra/lib/web-acl.ts)
    throttle: { rate: 10, burst: 100 },
  },
});
