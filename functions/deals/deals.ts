import { randomUUID } from 'node:crypto';
import { EventPublishError, publishEvent } from '#aws/events';
import {
  CLOSABLE_DEAL_STAGES,
  canMoveDeal,
  DEAL_STAGE_LABELS,
  type DealShareableClientField,
  type DealSide,
  type DealStage,
  FINAL_DEAL_STAGES,
} from '#contracts/deals';
import { STATUS_SOUGHT } from '#contracts/listing-match';
import { awardDescription } from '#contracts/reputation-points';
import type { DealCreateInput, DealTimelineEntryView, DealView } from '#contracts/schemas/deals';
import { getOwnedClient } from '#functions/clients/entities';
import { notify } from '#functions/notifications/entities';
import { Property, type PropertyItem } from '#functions/properties/entities';
import { type AwardOutcome, awardReputation } from '#functions/reputation/reputation';
import { Agent, type AgentItem } from '#platform/accounts/entities';
import type { Identity } from '#platform/auth';
import { cancellationCodes, transactWrite } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { badRequest, conflict, notFound } from '#platform/errors';
import { logger } from '#platform/logger';
import {
  Deal,
  type DealItem,
  DealMembership,
  DealTimeline,
  type DealTimelineItem,
  OpenDealGuard,
} from './entities.ts';

/** True when a transaction was cancelled because one of its conditions did not hold. */
const conditionFailed = (error: unknown) =>
  cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false;

/** The listing statuses a deal can be proposed on: the listing is on the market. */
const ON_THE_MARKET = new Set(['for_sale', 'for_rent']);

export const dealLink = (dealId: string) => `/deals/${dealId}`;

const agentSummary = (agent: Pick<AgentItem, 'agent_id' | 'full_name' | 'profile_picture'>) => ({
  agent_id: agent.agent_id,
  full_name: agent.full_name,
  ...(agent.profile_picture ? { profile_picture: agent.profile_picture } : {}),
});

/** The deal as the caller sees it: its side, and the client record's id only for the proposer. */
export function dealView(deal: DealItem, viewerId: string): DealView {
  const { proposer_id, listing_agent_id, property_id, client_id, revision, ...shown } = deal;
  const side: DealSide = viewerId === proposer_id ? 'proposer' : 'listing';
  return { ...shown, side, ...(side === 'proposer' ? { client_id } : {}) };
}

/** The deal if the caller is one of its two agents; anyone else is told it does not exist. */
export async function dealOfCaller(
  identity: Pick<Identity, 'agentId'>,
  dealId: string,
  options: { consistent?: boolean } = {},
): Promise<{ deal: DealItem; side: DealSide }> {
  const deal = await Deal.get({ deal_id: dealId }, options);
  if (!deal) throw notFound('Deal');
  if (deal.proposer_id === identity.agentId) return { deal, side: 'proposer' };
  if (deal.listing_agent_id === identity.agentId) return { deal, side: 'listing' };
  throw notFound('Deal');
}

export const otherAgentOf = (deal: DealItem, side: DealSide) =>
  side === 'proposer' ? deal.listing_agent_id : deal.proposer_id;
export const actorOf = (deal: DealItem, side: DealSide) =>
  side === 'proposer' ? deal.proposer : deal.listing_agent;

/** A timeline entry; `order` keeps entries written in one change (at one instant) in their order. */
export function timelineEntry(
  dealId: string,
  entry: Omit<DealTimelineEntryView, 'entry_id' | 'at'> & { at?: string },
  order = 0,
): DealTimelineItem {
  const at = entry.at ?? new Date().toISOString();
  return { ...entry, deal_id: dealId, at, entry_id: `${at}_${order}_${randomUUID().slice(0, 8)}` };
}

/** The client's details the proposer chose to share (the name always). */
function sharedClient(
  client: Awaited<ReturnType<typeof getOwnedClient>>,
  fields: readonly DealShareableClientField[],
): DealItem['client'] {
  const shared: DealItem['client'] = { full_name: client.full_name };
  if (fields.includes('email') && client.email) shared.email = client.email;
  if (fields.includes('phone') && client.phone) shared.phone = client.phone;
  if (fields.includes('budget')) {
    if (client.budget_min !== undefined) shared.budget_min = client.budget_min;
    if (client.budget_max !== undefined) shared.budget_max = client.budget_max;
    shared.currency = client.currency;
  }
  if (fields.includes('preferred_areas')) shared.preferred_areas = client.preferred_areas;
  return shared;
}

function listingSnapshot(property: PropertyItem): DealItem['listing'] {
  const image = property.imageOrder[0] ?? property.media.find((item) => item.url)?.url;
  return {
    property_id: property.property_id,
    title: property.title,
    city: property.city,
    price: property.price,
    currency: property.currency ?? 'USD',
    ...(property.collaborator_commission !== undefined
      ? { collaborator_commission: property.collaborator_commission }
      : {}),
    ...(image ? { image } : {}),
  };
}

/**
 * Proposes the caller's client for another agent's listing: the deal, both memberships, the open-deal
 * guard and the first timeline entry in one transaction, then the listing agent is told. Refused (nothing
 * written): the caller's own listing, a listing off the market, a client the caller cannot see (404), a
 * client who is not looking for what the listing offers, and a second open deal for the same pair (409).
 */
export async function proposeDeal(identity: Identity, input: DealCreateInput): Promise<DealItem> {
  const property = await Property.get({ property_id: input.property_id });
  if (!property) throw notFound('Listing');
  if (property.agent_id === identity.agentId) {
    throw badRequest("You can't propose a deal on your own listing", {
      property_id: "You can't propose a deal on your own listing",
    });
  }
  if (!ON_THE_MARKET.has(property.status)) throw conflict('This listing is no longer on the market');
  const client = await getOwnedClient(identity, input.client_id);
  const sought = STATUS_SOUGHT[client.type];
  if (!sought) {
    throw badRequest('Only buyers, investors and tenants can be proposed for a listing', {
      client_id: 'Only buyers, investors and tenants can be proposed for a listing',
    });
  }
  if (sought !== property.status) {
    const message =
      sought === 'for_rent'
        ? `${client.full_name} is looking to rent: propose them for a listing for rent`
        : `${client.full_name} is looking to buy: propose them for a listing for sale`;
    throw badRequest(message, { client_id: message });
  }
  const listingAgent = await Agent.get({ agent_id: property.agent_id });
  if (!listingAgent) throw notFound('Listing');

  const now = new Date().toISOString();
  const deal: DealItem = {
    deal_id: randomUUID(),
    status: 'proposed',
    proposer_id: identity.agentId,
    listing_agent_id: listingAgent.agent_id,
    property_id: property.property_id,
    client_id: client.client_id,
    proposer: agentSummary(identity.agent),
    listing_agent: agentSummary(listingAgent),
    listing: listingSnapshot(property),
    client: sharedClient(client, input.shared_fields),
    shared_fields: [...new Set(input.shared_fields)],
    ...(input.message ? { message: input.message } : {}),
    close_confirmed_by: [],
    created_at: now,
    updated_at: now,
    revision: 1,
  };
  try {
    await transactWrite([
      OpenDealGuard.transact.create({
        property_id: property.property_id,
        client_id: client.client_id,
        deal_id: deal.deal_id,
      }),
      Deal.transact.create(deal),
      DealMembership.transact.create({
        agent_id: deal.proposer_id,
        created_at: now,
        deal_id: deal.deal_id,
        side: 'proposer',
      }),
      DealMembership.transact.create({
        agent_id: deal.listing_agent_id,
        created_at: now,
        deal_id: deal.deal_id,
        side: 'listing',
      }),
      DealTimeline.transact.create(
        timelineEntry(deal.deal_id, {
          kind: 'proposed',
          at: now,
          actor: deal.proposer,
          ...(input.message ? { text: input.message } : {}),
        }),
      ),
    ]);
  } catch (error) {
    if (conditionFailed(error)) {
      throw conflict(`You have already proposed ${client.full_name} for this listing`);
    }
    throw error;
  }
  await notify(deal.listing_agent_id, {
    kind: 'deal',
    message: `${deal.proposer.full_name} proposed a client for “${property.title}”`,
    link: dealLink(deal.deal_id),
    dedupeKey: `deal:proposed:${deal.deal_id}`,
    at: now,
  });
  return deal;
}

/**
 * The deal's change as one transaction, conditioned on the revision read; undefined when a concurrent
 * change got there first (nothing written). A deal that ends gives back its guard, so the same client may
 * be proposed for the listing again.
 */
async function writeChange(
  deal: DealItem,
  set: Partial<DealItem>,
  entries: DealTimelineItem[],
): Promise<DealItem | undefined> {
  const next: DealItem = { ...deal, ...set, revision: deal.revision + 1 };
  const ends = !FINAL_DEAL_STAGES.includes(deal.status) && FINAL_DEAL_STAGES.includes(next.status);
  try {
    await transactWrite([
      Deal.transact.update(
        { deal_id: deal.deal_id },
        { set: { ...set, revision: next.revision } },
        { if: eq('revision', deal.revision) },
      ),
      ...(ends
        ? [OpenDealGuard.transact.delete({ property_id: deal.property_id, client_id: deal.client_id })]
        : []),
      ...entries.map((entry) => DealTimeline.transact.create(entry)),
    ]);
  } catch (error) {
    if (conditionFailed(error)) return undefined;
    throw error;
  }
  return next;
}

const CHANGED_MEANWHILE = 'This deal was changed meanwhile. Reload it to see where it stands.';

/** What a change of the deal decides on the deal as read: nothing to write, or the change and what follows. */
type DealDecision =
  | { unchanged: DealItem }
  | {
      set: Partial<DealItem>;
      entries: DealTimelineItem[];
      /** after the write: the other agent told, the bus given the event */
      afterWrite: (next: DealItem) => Promise<void>;
    };

/**
 * Reads the caller's deal, decides, and writes the change conditioned on the revision read; a change that
 * lost a race with another (the other agent's move or confirmation) is decided again on the deal as it then
 * stands.
 */
async function changeDeal(
  identity: Identity,
  dealId: string,
  decide: (deal: DealItem, side: DealSide) => DealDecision,
): Promise<DealItem> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const { deal, side } = await dealOfCaller(identity, dealId, { consistent: true });
    const decision = decide(deal, side);
    if ('unchanged' in decision) return decision.unchanged;
    const next = await writeChange(deal, decision.set, decision.entries);
    if (!next) continue;
    await decision.afterWrite(next);
    return next;
  }
  throw conflict(CHANGED_MEANWHILE);
}

/**
 * Moves a deal to another stage, when the caller's side may make that move from where it stands. Moving it
 * to the stage it is at changes nothing (a second click, a retried request).
 */
export function moveDeal(identity: Identity, dealId: string, to: DealStage): Promise<DealItem> {
  return changeDeal(identity, dealId, (deal, side) => {
    if (deal.status === to) return { unchanged: deal };
    if (!canMoveDeal(deal.status, to, side)) {
      throw conflict(
        `A deal that is ${DEAL_STAGE_LABELS[deal.status].toLowerCase()} can't be moved to ${DEAL_STAGE_LABELS[to].toLowerCase()} by you`,
      );
    }
    const now = new Date().toISOString();
    const actor = actorOf(deal, side);
    return {
      set: { status: to, updated_at: now, close_confirmed_by: [] },
      entries: [timelineEntry(deal.deal_id, { kind: 'moved', at: now, actor, from: deal.status, to })],
      afterWrite: async (next) => {
        await notify(otherAgentOf(deal, side), {
          kind: 'deal',
          message: `${actor.full_name} moved the deal on “${deal.listing.title}” to ${DEAL_STAGE_LABELS[to]}`,
          link: dealLink(deal.deal_id),
          dedupeKey: `deal:moved:${deal.deal_id}:${next.revision}`,
          at: now,
        });
      },
    };
  });
}

/**
 * A note on the timeline of a deal still open; the other agent is told. The note is written only if the
 * deal is still at the revision read, so a note never lands on a deal that ended meanwhile.
 */
export async function addDealNote(
  identity: Identity,
  dealId: string,
  text: string,
): Promise<DealTimelineItem> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const { deal, side } = await dealOfCaller(identity, dealId, { consistent: true });
    if (FINAL_DEAL_STAGES.includes(deal.status)) {
      throw conflict(`This deal is ${DEAL_STAGE_LABELS[deal.status].toLowerCase()}: it takes no more notes`);
    }
    const actor = actorOf(deal, side);
    const entry = timelineEntry(deal.deal_id, { kind: 'note', actor, text });
    try {
      await transactWrite([
        Deal.transact.check({ deal_id: deal.deal_id }, eq('revision', deal.revision)),
        DealTimeline.transact.create(entry),
      ]);
    } catch (error) {
      if (conditionFailed(error)) continue;
      throw error;
    }
    await notify(otherAgentOf(deal, side), {
      kind: 'deal',
      message: `${actor.full_name} added a note to the deal on “${deal.listing.title}”`,
      link: dealLink(deal.deal_id),
      dedupeKey: `deal:note:${entry.entry_id}`,
      at: entry.at,
    });
    return entry;
  }
  throw conflict(CHANGED_MEANWHILE);
}

/**
 * The caller's side confirms the deal closed. The first confirmation waits for the other side's (who is
 * told); the second closes the deal and announces it on the bus (DealClosed), whose consumer gives each
 * agent a verified deal and the DEAL_CLOSED points, once. Confirming again changes nothing.
 */
export function confirmDealClose(identity: Identity, dealId: string): Promise<DealItem> {
  return changeDeal(identity, dealId, (deal, side) => {
    if (deal.close_confirmed_by.includes(side) || deal.status === 'closed') return { unchanged: deal };
    if (!CLOSABLE_DEAL_STAGES.includes(deal.status)) {
      throw conflict(
        deal.status === 'proposed'
          ? 'A deal can be closed once the listing agent has accepted it'
          : `This deal is ${DEAL_STAGE_LABELS[deal.status].toLowerCase()}: it can't be closed`,
      );
    }
    const now = new Date().toISOString();
    const actor = actorOf(deal, side);
    const confirmed = [...deal.close_confirmed_by, side];
    const closes = confirmed.length === 2;
    const closed = { kind: 'closed', at: now, actor, from: deal.status, to: 'closed' } as const;
    return {
      set: {
        close_confirmed_by: confirmed,
        updated_at: now,
        ...(closes ? { status: 'closed' as const, closed_at: now } : {}),
      },
      entries: [
        timelineEntry(deal.deal_id, { kind: 'close_confirmed', at: now, actor }),
        ...(closes ? [timelineEntry(deal.deal_id, closed, 1)] : []),
      ],
      afterWrite: async (next) => {
        if (closes) return announceClose(next);
        await notify(otherAgentOf(deal, side), {
          kind: 'deal',
          message: `${actor.full_name} confirmed the close of the deal on “${deal.listing.title}”: confirm it too to close it`,
          link: dealLink(deal.deal_id),
          dedupeKey: `deal:close-confirmed:${deal.deal_id}:${side}`,
          at: now,
        });
      },
    };
  });
}

/**
 * DealClosed on the bus; when the bus refuses it, the awards are made here instead (they are idempotent, so
 * the consumer's later delivery of an event that did get through changes nothing).
 */
async function announceClose(deal: DealItem): Promise<void> {
  try {
    await publishEvent('DealClosed', {
      dealId: deal.deal_id,
      proposerId: deal.proposer_id,
      listingAgentId: deal.listing_agent_id,
    });
  } catch (error) {
    if (!(error instanceof EventPublishError)) throw error;
    logger.error('deal event not published: awarding in the request', { dealId: deal.deal_id, error });
    await awardDealClosed(deal);
  }
}

/** Each agent of a closed deal: a verified deal and the DEAL_CLOSED points, once per deal. */
export async function awardDealClosed(
  deal: Pick<DealItem, 'deal_id' | 'proposer_id' | 'listing_agent_id' | 'listing'>,
): Promise<Array<{ agentId: string; outcome: AwardOutcome }>> {
  const outcomes = [];
  for (const agentId of [deal.proposer_id, deal.listing_agent_id]) {
    const outcome = await awardReputation({
      agentId,
      activityType: 'DEAL_CLOSED',
      relatedEntityId: deal.deal_id,
      description: awardDescription('DEAL_CLOSED', deal.listing.title),
    });
    outcomes.push({ agentId, outcome });
  }
  return outcomes;
}

/** The deal's timeline, oldest first. */
export async function dealTimeline(dealId: string): Promise<DealTimelineItem[]> {
  return DealTimeline.queryAll('primary', { deal_id: dealId });
}

/** A page of the caller's deals, both sides, newest first. */
export async function listDealsOf(
  agentId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ items: DealItem[]; cursor?: string }> {
  const memberships = await DealMembership.query(
    'primary',
    { agent_id: agentId },
    { descending: true, limit: page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) },
  );
  const deals = await Deal.getMany(memberships.items.map((membership) => ({ deal_id: membership.deal_id })));
  const byId = new Map(deals.map((deal) => [deal.deal_id, deal]));
  const items = memberships.items.flatMap((membership) => byId.get(membership.deal_id) ?? []);
  return { items, ...(memberships.cursor ? { cursor: memberships.cursor } : {}) };
}
