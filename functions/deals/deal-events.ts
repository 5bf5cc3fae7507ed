import { DEAL_STAGE_LABELS, FINAL_DEAL_STAGES } from '#contracts/deals';
import type { AgendaEventView } from '#contracts/schemas/agenda';
import type { DealEventView } from '#contracts/schemas/deals';
import { notify } from '#functions/notifications/entities';
import type { Identity } from '#platform/auth';
import { HttpError } from '#platform/errors';
import { logger } from '#platform/logger';
import { actorOf, dealLink, dealOfCaller, otherAgentOf, timelineEntry } from './deals.ts';
import { type DealItem, type DealSide, DealTimeline, type DealTimelineItem } from './entities.ts';

/**
 * Agenda events linked to a deal (issue 22): an agent schedules a viewing or a meeting in their own agenda
 * and links it to one of their deals; the deal's timeline then holds the event as both agents see it, kept in
 * step by the agenda's writes (in the same transaction as the event), and marked cancelled when the event is
 * deleted. The other agent never reads the event itself, only this copy.
 */

export type LinkedEvent = Pick<
  AgendaEventView,
  'event_id' | 'title' | 'type' | 'all_day' | 'start' | 'end' | 'time_zone' | 'location'
>;

/** The deal an event may be linked to: one of the caller's own deals, still open; undefined otherwise. */
export async function linkableDeal(
  identity: Pick<Identity, 'agentId'>,
  dealId: string,
): Promise<{ deal: DealItem; side: DealSide } | undefined> {
  try {
    const found = await dealOfCaller(identity, dealId);
    return FINAL_DEAL_STAGES.includes(found.deal.status) ? undefined : found;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}

export function dealEventSnapshot(event: LinkedEvent, cancelled = false): DealEventView {
  return {
    event_id: event.event_id,
    title: event.title,
    type: event.type,
    all_day: event.all_day,
    start: event.start,
    end: event.end,
    time_zone: event.time_zone,
    ...(event.location ? { location: event.location } : {}),
    ...(cancelled ? { cancelled: true } : {}),
  };
}

/** The timeline entry of an event newly linked to a deal, by the caller's side. */
export function linkedEventEntry(deal: DealItem, side: DealSide, event: LinkedEvent): DealTimelineItem {
  return timelineEntry(deal.deal_id, {
    kind: 'event',
    actor: actorOf(deal, side),
    event: dealEventSnapshot(event),
  });
}

/** Tells the deal's other agent that an event was linked to it, or cancelled; a failure is logged only. */
export async function noticeLinkedEvent(
  deal: DealItem,
  side: DealSide,
  event: { entryId: string; title: string },
  what: 'linked' | 'cancelled',
): Promise<void> {
  const actor = actorOf(deal, side);
  const { title } = event;
  try {
    await notify(otherAgentOf(deal, side), {
      kind: 'deal',
      message:
        what === 'linked'
          ? `${actor.full_name} scheduled “${title}” on the deal on “${deal.listing.title}”`
          : `${actor.full_name} cancelled “${title}” on the deal on “${deal.listing.title}”`,
      link: dealLink(deal.deal_id),
      dedupeKey: `deal:event:${what}:${event.entryId}`,
      at: new Date().toISOString(),
    });
  } catch (error) {
    logger.warn('The other agent of a deal could not be told of a linked event', {
      dealId: deal.deal_id,
      stage: DEAL_STAGE_LABELS[deal.status],
      error,
    });
  }
}

export { DealTimeline };
