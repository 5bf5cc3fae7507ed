import { getOwnedClient } from '#functions/clients/entities';
import { linkableDeal } from '#functions/deals/deal-events';
import { Property } from '#functions/properties/entities';
import type { Identity } from '#platform/auth';
import { HttpError } from '#platform/errors';
import { invalidField } from '#platform/validation';

/**
 * What an event may link to: a client, a property and a deal, by id. Each link is checked by a lookup that answers
 * whether the caller may use the object (its own, or its agency's); one that is missing or someone else's is
 * a 400 naming the field, and the answer never tells the two apart.
 */
export type LinkField = 'client_id' | 'property_id' | 'deal_id';

/** What a link names: the object's display name, and for a deal the deal and the caller's side of it. */
export interface Linked {
  name: string;
  deal?: NonNullable<Awaited<ReturnType<typeof linkableDeal>>>;
}

/** Resolves to the linked object when the caller may link it, undefined otherwise. */
export type OwnedLookup = (identity: Identity, id: string) => Promise<Linked | undefined>;

async function ownedClient(identity: Identity, id: string) {
  try {
    const client = await getOwnedClient(identity, id);
    return { name: client.full_name };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** A listing of the caller's own: other agents' listings are visible but not the caller's to schedule. */
async function ownedProperty(identity: Identity, id: string) {
  const property = await Property.get({ property_id: id });
  return property && property.agent_id === identity.agentId ? { name: property.title } : undefined;
}

/** A deal of the caller's, either side, still open: both its agents see the event on its timeline. */
async function ownedDeal(identity: Identity, id: string) {
  const found = await linkableDeal(identity, id);
  return found && { name: found.deal.listing.title, deal: found };
}

/** The lookups by field. */
export const linkLookups: Record<LinkField, OwnedLookup> = {
  client_id: ownedClient,
  property_id: ownedProperty,
  deal_id: ownedDeal,
};

const NOT_YOURS: Record<LinkField, string> = {
  client_id: 'is not one of your clients',
  property_id: 'is not one of your properties',
  deal_id: 'is not one of your open deals',
};

/** The linked objects the caller may use, by field (their names); a 400 for the first one it may not. */
export async function checkLinks(
  identity: Identity,
  links: Partial<Record<LinkField, string | null | undefined>>,
): Promise<Partial<Record<LinkField, Linked>>> {
  const found: Partial<Record<LinkField, Linked>> = {};
  for (const field of Object.keys(linkLookups) as LinkField[]) {
    const id = links[field];
    if (!id) continue;
    const owned = await linkLookups[field](identity, id);
    if (!owned) {
      throw invalidField(field, NOT_YOURS[field]);
    }
    found[field] = owned;
  }
  return found;
}
