import { syncClient } from '#functions/matches/matches';
import { defineConsumer } from '#platform/consumer';

/**
 * ClientChanged: the client's criteria index follows the client as it is now (a redelivery or a late event
 * re-reads it and changes nothing; the head's version refuses an older state), then its matches among the
 * listings already on the market are recorded.
 */
export const handler = defineConsumer({
  name: 'match criteria indexer',
  detailTypes: ['ClientChanged'],
  handle: async (event) => {
    await syncClient(event.detail.clientId);
  },
});
