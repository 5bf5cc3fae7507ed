import { DealTimeline, dealEventSnapshot, linkedEventEntry } from '#functions/deals/deal-events';
import type { DealTimelineItem } from '#functions/deals/entities';
import { cancellationCodes, isConditionFailure, type TransactAction } from '#platform/data/entity';
import type { AgendaEventItem } from './entities.ts';
import type { Linked } from './links.ts';

/**
 * The deal timeline writes that go with an event's write, in its transaction (functions/deals/deal-events.ts):
 * a newly linked deal gets an entry (its id kept on the event), a deal the event stays linked to gets the
 * event as changed, a deal it leaves loses its entry. `after.deal_entry_id` is set or cleared here.
 */
export async function dealTimelineWrites(
  before: AgendaEventItem | undefined,
  after: AgendaEventItem,
  newlyLinked: Linked['deal'],
): Promise<{ actions: TransactAction[]; linkedEntry?: DealTimelineItem }> {
  const actions: TransactAction[] = [];
  const stays = before?.deal_id && before.deal_id === after.deal_id && before.deal_entry_id;
  if (stays) {
    const entry = await DealTimeline.get({ deal_id: before.deal_id!, entry_id: before.deal_entry_id! });
    after.deal_entry_id = before.deal_entry_id;
    if (entry) actions.push(DealTimeline.transact.put({ ...entry, event: dealEventSnapshot(after) }));
    return { actions };
  }
  if (before?.deal_id && before.deal_entry_id) {
    actions.push(DealTimeline.transact.delete({ deal_id: before.deal_id, entry_id: before.deal_entry_id }));
  }
  delete after.deal_entry_id;
  if (!after.deal_id || !newlyLinked) return { actions };
  const linkedEntry = linkedEventEntry(newlyLinked.deal, newlyLinked.side, after);
  after.deal_entry_id = linkedEntry.entry_id;
  actions.push(DealTimeline.transact.create(linkedEntry));
  return { actions, linkedEntry };
}

/** The timeline entry of a linked event that is being deleted, marked cancelled (both agents still see it). */
export async function cancelledEntryWrite(event: AgendaEventItem): Promise<TransactAction[]> {
  if (!event.deal_id || !event.deal_entry_id) return [];
  const entry = await DealTimeline.get({ deal_id: event.deal_id, entry_id: event.deal_entry_id });
  return entry ? [DealTimeline.transact.put({ ...entry, event: dealEventSnapshot(event, true) })] : [];
}

/** A write of the event and its deal entry that lost a race: the event's condition did not hold. */
export const lostRace = (error: unknown) =>
  isConditionFailure(error) || (cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false);
