import { matchListingToOwners } from '#functions/matches/matching';
import { defineConsumer } from '#platform/consumer';

/**
 * AgentListingsChanged (a listing added, repriced, its status or details changed): matched against the
 * criteria that can match it. Each match is recorded once with its notification, so a redelivery notifies
 * no one twice.
 */
export const handler = defineConsumer({
  name: 'listing matcher',
  detailTypes: ['AgentListingsChanged'],
  handle: async (event) => {
    await matchListingToOwners(event.detail.propertyId);
  },
});
