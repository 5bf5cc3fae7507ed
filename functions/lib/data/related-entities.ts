import type { RelatedEntityType } from '#contracts/reputation-points';

/**
 * What the reputation rules need to know about the object a reported activity names (POST
 * /api/agents/{id}/reputation): whose it is, and the facts that justify an award for it.
 */
export interface RelatedEntity {
  /** the agent the object belongs to */
  ownerId: string;
  /** a property whose deed has been verified (justifies PROPERTY_DEED_VERIFIED) */
  deedVerified?: boolean;
  /** a property whose owner has acknowledged the listing (justifies OWNER_ACKNOWLEDGEMENT) */
  ownerAcknowledged?: boolean;
}

type RelatedEntityLookup = (id: string) => Promise<RelatedEntity | undefined>;

/**
 * One lookup per related entity type, each reading its own entity. Properties arrive with their own
 * issue: until then there is no property to find, so every property answers "not found". That issue
 * fills the `property` entry with a read of its Property entity, e.g.
 * `async (id) => { const p = await Property.get({ property_id: id }); return p && { ownerId: p.agent_id,
 * deedVerified: p.deed_verified === true, ownerAcknowledged: p.owner_acknowledged === true }; }`.
 * Connections are awarded only from ConnectionAccepted events, never reported, so they need no lookup.
 */
const lookups: Record<RelatedEntityType, RelatedEntityLookup | undefined> = {
  property: undefined,
  connection: undefined,
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
