import type { RelatedEntityType } from '#contracts/reputation-points';
import { Property } from '#functions/properties/entities';

/**
 * What the reputation rules need to know about the object a reported activity names (POST
 * /api/agents/{id}/reputation): whose it is. Whether a listing's verifications justify their awards is
 * the verifications' own business (functions/reputation/reputation.ts `awardVerifiedListing`), never a flag.
 */
export interface RelatedEntity {
  /** the agent the object belongs to */
  ownerId: string;
}

type RelatedEntityLookup = (id: string) => Promise<RelatedEntity | undefined>;

/**
 * One lookup per related entity type, each reading its own entity: a property is its listing agent's.
 * Connections and deals are awarded only from their events (ConnectionAccepted, DealClosed), never
 * reported, so they need no lookup.
 */
const lookups: Record<RelatedEntityType, RelatedEntityLookup | undefined> = {
  property: async (id) => {
    const property = await Property.get({ property_id: id });
    return property && { ownerId: property.agent_id };
  },
  connection: undefined,
  deal: undefined,
};

/**
 * The object `type`/`id` with its owner, or undefined when there is none. Callers compare `ownerId`
 * with the caller and answer a stranger's object exactly like a missing one.
 */
export async function relatedEntityOwner(
  type: RelatedEntityType,
  id: string,
): Promise<RelatedEntity | undefined> {
  return lookups[type]?.(id);
}
