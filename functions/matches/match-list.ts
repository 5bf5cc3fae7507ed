import { type MatchCriteria, matchListing } from '#contracts/listing-match';
import type { ListingMatchView, MatchListView } from '#contracts/schemas/matches';
import { OpenDealGuard } from '#functions/deals/entities';
import { Property, type PropertyItem } from '#functions/properties/entities';
import { Agent } from '#platform/accounts/entities';
import { InvalidCursorError } from '#platform/data/entity';
import { listingFacts } from './criteria.ts';
import { MatchRecord } from './entities.ts';

/**
 * The most match records one list reads: they are re-checked against the listings as they are now and
 * sorted by score, so a page needs them all (an owner's matches are its own partition, one Query).
 */
export const MAX_MATCHES_READ = 500;

/** A page's place in the sorted matches: an offset, opaque to the caller. */
const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');

function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const { offset, ...rest } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Number.isInteger(offset) && offset > 0 && offset <= MAX_MATCHES_READ && !Object.keys(rest).length)
      return offset;
  } catch {
    // not a cursor this list gave
  }
  throw new InvalidCursorError();
}

function listingView(property: PropertyItem, agentName: string): ListingMatchView['listing'] {
  const image = property.imageOrder[0] ?? property.media.find((item) => item.url)?.url;
  return {
    property_id: property.property_id,
    title: property.title,
    city: property.city,
    ...(property.area ? { area: property.area } : {}),
    price: property.price,
    currency: property.currency ?? 'USD',
    ...(property.bedrooms_count === undefined ? {} : { bedrooms_count: property.bedrooms_count }),
    ...(image ? { image } : {}),
    status: property.status,
    listing_agent: { agent_id: property.agent_id, full_name: agentName },
    ...(property.collaborator_commission === undefined
      ? {}
      : { collaborator_commission: property.collaborator_commission }),
  };
}

/**
 * An owner's current matches, best first: its records re-checked against each listing as it is now
 * (BatchGet) with the owner's criteria as they are now, so a listing sold, repriced out of the budget or
 * no longer in an area drops out. For a client, each item carries the open deal of that client and
 * listing, if any.
 */
export async function currentMatches(
  owner: { owner: string; agentId: string; criteria: MatchCriteria | undefined; clientId?: string },
  page: { limit: number; cursor?: string | undefined },
): Promise<MatchListView> {
  const offset = decodeCursor(page.cursor);
  const { criteria } = owner;
  if (!criteria) return { items: [] };
  const { items: records } = await MatchRecord.query(
    'primary',
    { owner: owner.owner },
    { limit: MAX_MATCHES_READ },
  );
  const properties = new Map(
    (await Property.getMany(records.map(({ property_id }) => ({ property_id })))).map((property) => [
      property.property_id,
      property,
    ]),
  );
  const current = records
    .flatMap((record) => {
      const property = properties.get(record.property_id);
      if (!property || property.agent_id === owner.agentId) return [];
      const match = matchListing(criteria, listingFacts(property));
      return match ? [{ record, property, match }] : [];
    })
    .sort(
      (a, b) =>
        b.match.score - a.match.score ||
        (a.record.matched_at < b.record.matched_at ? 1 : a.record.matched_at > b.record.matched_at ? -1 : 0),
    );
  const shown = current.slice(offset, offset + page.limit);
  const agentIds = [...new Set(shown.map(({ property }) => property.agent_id))];
  const [agents, guards] = await Promise.all([
    Agent.getMany(agentIds.map((agent_id) => ({ agent_id }))),
    owner.clientId
      ? OpenDealGuard.getMany(
          shown.map(({ property }) => ({ property_id: property.property_id, client_id: owner.clientId! })),
        )
      : Promise.resolve([]),
  ]);
  const names = new Map(agents.map((agent) => [agent.agent_id, agent.full_name]));
  const deals = new Map(guards.map((guard) => [guard.property_id, guard.deal_id]));
  const items = shown.map(({ record, property, match }) => {
    const dealId = deals.get(property.property_id);
    return {
      listing: listingView(property, names.get(property.agent_id) ?? ''),
      score: match.score,
      interests_found: match.interestsFound,
      matched_at: record.matched_at,
      ...(dealId ? { deal_id: dealId } : {}),
    };
  });
  const next = offset + page.limit;
  return { items, ...(next < current.length ? { cursor: encodeCursor(next) } : {}) };
}
