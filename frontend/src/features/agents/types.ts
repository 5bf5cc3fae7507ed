import type * as z from 'zod/mini';
import type { agenciesRoutes } from '#contracts/routes/agencies';
import type { agentsRoutes } from '#contracts/routes/agents';
import type {
  agency,
  agencyPatch,
  agent,
  agentList,
  agentPatch,
  listAgentsQuery,
} from '#contracts/schemas/agents';

/** Types of the agents and agencies endpoints, derived from the contract's schemas. */
export type Agent = z.infer<typeof agent>;
export type AgentPatch = z.input<typeof agentPatch>;
export type AgentList = z.infer<typeof agentList>;
export type AgentListQuery = z.input<typeof listAgentsQuery>;
/** What the agents directory (/agents/all-agents) searched for: name words and city words, either empty. */
export interface AgentSearchQuery {
  search: string;
  city: string;
}
export type Agency = z.infer<typeof agency>;
export type AgencyPatch = z.input<typeof agencyPatch>;
export type UploadProfilePictureResponse = z.infer<(typeof agentsRoutes)['uploadProfilePicture']['response']>;
export type UploadLogoResponse = z.infer<(typeof agenciesRoutes)['uploadLogo']['response']>;
