import { findCognitoUser, type UserPoolAccess } from './accounts.ts';

/**
 * The demo deals (issue 22), made through the same code as the API (functions/deals/deals.ts), so
 * memberships, guards, timelines and notifications are real: Maya (demo@) has proposed her buyer Charlotte
 * Evans for Sofia's flat in Foz, which Sofia accepted and they viewed; Sofia has proposed her buyer for
 * Maya's villa in Belém, waiting for Maya's answer. No demo deal is closed, so the demo's reputation stays
 * what seed-reputation.ts made it. Idempotent: a pair already proposed (409) is left as it is.
 */
const DEMO_DEALS: ReadonlyArray<{
  proposer: string;
  clientId: string;
  propertyId: string;
  message: string;
  shared: Array<'email' | 'phone' | 'budget' | 'preferred_areas'>;
  /** the moves after the proposal, each by the side named */
  moves: Array<{ by: 'proposer' | 'listing'; to: 'accepted' | 'viewing' | 'offer' }>;
}> = [
  {
    proposer: 'demo@estatenet.local',
    clientId: 'demo-client-01',
    propertyId: 'demo-foz-apartment',
    message:
      'Charlotte is relocating from London and would consider Porto for the right flat. Viewing next week?',
    shared: ['budget', 'preferred_areas'],
    moves: [
      { by: 'listing', to: 'accepted' },
      { by: 'proposer', to: 'viewing' },
    ],
  },
  {
    proposer: 'sofia@estatenet.local',
    clientId: 'demo-client-13',
    propertyId: 'demo-belem-villa',
    message: 'My buyer is looking for a family home near the river with a garden. Happy to split as listed.',
    shared: ['budget'],
    moves: [],
  },
];

export async function seedDealsDemo(pool: UserPoolAccess): Promise<void> {
  const [{ loadIdentity }, { proposeDeal, moveDeal }, { HttpError }, { Property }] = await Promise.all([
    import('#platform/auth'),
    import('#functions/deals/deals'),
    import('#platform/errors'),
    import('#functions/properties/entities'),
  ]);
  const identityOf = async (email: string) => {
    const agentId = await findCognitoUser(pool, email);
    if (!agentId) throw new Error(`seed-deals: no user ${email}`);
    return loadIdentity(agentId);
  };
  for (const demo of DEMO_DEALS) {
    const proposer = await identityOf(demo.proposer);
    const property = await Property.get({ property_id: demo.propertyId });
    if (!property) throw new Error(`seed-deals: no listing ${demo.propertyId}`);
    const listingAgent = await loadIdentity(property.agent_id);
    let dealId: string;
    try {
      const deal = await proposeDeal(proposer, {
        property_id: demo.propertyId,
        client_id: demo.clientId,
        message: demo.message,
        shared_fields: demo.shared,
      });
      dealId = deal.deal_id;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 409) continue;
      throw error;
    }
    for (const move of demo.moves) {
      await moveDeal(move.by === 'proposer' ? proposer : listingAgent, dealId, move.to);
    }
  }
}
