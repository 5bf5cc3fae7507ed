import { syncAgentMarket, syncClient } from '#functions/matches/matches';
import { defineConsumer } from '#platform/consumer';
import { logger } from '#platform/logger';

/**
 * ClientChanged: the client's criteria index follows the client as it is now (a redelivery or a late event
 * re-reads it and changes nothing; the head's version refuses an older state), then its matches among the
 * listings already on the market are recorded.
 * AgentMarketChanged: the agent's clients and saved searches that name no area look in its city, so each is
 * indexed again in the new one (a redelivery re-reads the agent and writes the same entries).
 */
export const handler = defineConsumer({
  name: 'match criteria indexer',
  detailTypes: ['ClientChanged', 'AgentMarketChanged'],
  handle: async (event) => {
    if (event['detail-type'] === 'ClientChanged') {
      await syncClient(event.detail.clientId);
      return;
    }
    const reindexed = await syncAgentMarket(event.detail.agentId);
    logger.info('market owners re-indexed', { agentId: event.detail.agentId, reindexed });
  },
});
