import type { Property } from './types.ts';

/** GET /api/properties arguments: the network's listings, or one agent's, a page at a time. */
export interface ListPropertiesArgs {
  agentId?: string;
  page: number;
  limit: number;
  cursor?: string;
}

/** The request for one page (the API client's, and boot.ts's early read of the profile's first page). */
export const listPropertiesRequest = ({ agentId, page, limit, cursor }: ListPropertiesArgs) => ({
  url: 'api/properties',
  params: { page, limit, ...(agentId ? { agent_id: agentId } : {}), ...(cursor ? { cursor } : {}) },
});

/** The profile's "My properties" page size. */
export const MINE_PAGE_SIZE = 6;

/** One page of the agent's own listings, as the profile asks for it. */
export const myPropertiesPage = (agentId: string, page: number): ListPropertiesArgs => ({
  agentId,
  page,
  limit: MINE_PAGE_SIZE,
});

/** A listing's cover photo: its first picture. */
export const coverUrl = (property: Pick<Property, 'media'>): string | undefined => property.media[0]?.url;
