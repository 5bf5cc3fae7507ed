import type { ClientStage, ClientType } from '#contracts/client-values';
import { STATUS_SOUGHT } from '#contracts/listing-match';

/** Why a client has no matches, so the empty Matches tab can say what to do about it. */
export type NoMatchReason = 'brings-listings' | 'done' | 'no-criteria' | 'none-yet';

interface ClientCriteriaFields {
  type: ClientType;
  stage: ClientStage;
  budget_min?: number | undefined;
  budget_max?: number | undefined;
  preferred_areas: readonly string[];
}

/** The matcher's own rules (functions/matches/criteria.ts clientCriteria), read from the client's fields. */
export function noMatchReason(client: ClientCriteriaFields): NoMatchReason {
  if (!STATUS_SOUGHT[client.type]) return 'brings-listings';
  if (client.stage === 'closed' || client.stage === 'lost') return 'done';
  if (
    client.preferred_areas.length === 0 &&
    client.budget_min === undefined &&
    client.budget_max === undefined
  )
    return 'no-criteria';
  return 'none-yet';
}
