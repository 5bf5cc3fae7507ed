import { publishEvent } from '#aws/events';
import { logger } from '#platform/logger';
import type { ClientChange, ClientItem } from './entities.ts';

/** The fields matching reads (functions/matches/criteria.ts): a change to another one is not announced. */
const MATCHED_FIELDS = new Set<string>([
  'full_name',
  'type',
  'stage',
  'budget_min',
  'budget_max',
  'currency',
  'preferred_areas',
  'bedrooms_min',
  'tags',
  'assigned_agent_id',
]);

export const changesMatching = (changes: readonly ClientChange[]) =>
  changes.some((change) => MATCHED_FIELDS.has(change.field));

/**
 * Tells the matcher a client was added, changed what it looks for, or was deleted (ClientChanged), after
 * the write: the matcher re-reads the client. A bus that refuses after the retries is logged and the
 * request still succeeds (the client's next change indexes it).
 */
export async function announceClientChanged(
  client: Pick<ClientItem, 'client_id' | 'agentId'>,
): Promise<void> {
  try {
    await publishEvent('ClientChanged', { clientId: client.client_id, agentId: client.agentId });
  } catch (error) {
    logger.error('client event not published', { clientId: client.client_id, error: error as Error });
  }
}
