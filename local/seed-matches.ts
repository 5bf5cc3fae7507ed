import { findCognitoUser, type UserPoolAccess } from './accounts.ts';

/**
 * The demo matches (issue 22): three more clients of Maya (demo@, her agency's book) whose criteria meet other
 * agents' listings — a buyer for Porto by the sea (Sofia's flat in Foz), a buyer with a pool in mind for
 * Cascais or Lagos (Inês's house, Amir's villa), a tenant for Estoril (Inês's rental) — and a saved search
 * of hers for Algarve villas. Then every demo client is indexed and matched through the matcher's own code
 * (functions/matches), so the Matches tabs are full on first start. Idempotent: clients and the search are
 * created once, and a match already recorded is not recorded again.
 */
const MATCH_DEMO_CLIENTS = [
  {
    id: 'demo-client-18',
    full_name: 'Eleanor Walsh',
    email: 'eleanor.walsh@example.ie',
    type: 'buyer' as const,
    budget: [450_000, 600_000],
    areas: ['Porto', 'Foz do Douro'],
    bedrooms_min: 2,
    tags: ['beach', 'sea'],
  },
  {
    id: 'demo-client-19',
    full_name: 'Tomás Almeida',
    email: 'tomas.almeida@example.pt',
    type: 'buyer' as const,
    budget: [850_000, 1_250_000],
    areas: ['Cascais', 'Lagos'],
    bedrooms_min: 3,
    tags: ['pool', 'beach', 'sea'],
  },
  {
    id: 'demo-client-20',
    full_name: 'Sophie Laurent',
    email: 'sophie.laurent@example.fr',
    type: 'tenant' as const,
    budget: [2_500, 3_200],
    areas: ['Estoril'],
    tags: ['schools'],
  },
];

const DEMO_SEARCH = {
  name: 'Algarve villas under €1.2M',
  status: 'for_sale' as const,
  max_price: 1_200_000,
  min_price: 600_000,
  currency: 'EUR',
  areas: ['Lagos', 'Albufeira'],
  bedrooms_min: 3,
};

/** Every demo client (seed-clients.ts and these): the matcher indexes and matches each. */
const DEMO_CLIENT_IDS = [
  ...Array.from({ length: 17 }, (_, index) => `demo-client-${String(index + 1).padStart(2, '0')}`),
  ...MATCH_DEMO_CLIENTS.map((client) => client.id),
];

export async function seedMatchesDemo(pool: UserPoolAccess): Promise<void> {
  const [{ Agent }, { Client }, { isConditionFailure }, { reserveFeature }, matches] = await Promise.all([
    import('#platform/accounts/entities'),
    import('#functions/clients/entities'),
    import('#platform/data/entity'),
    import('#platform/accounts/limits'),
    import('#functions/matches/matches'),
  ]);
  const agentId = await findCognitoUser(pool, 'demo@estatenet.local');
  const agent = agentId ? await Agent.get({ agent_id: agentId }) : undefined;
  if (!agentId || !agent) throw new Error('seed-matches: no demo agent');
  const now = Date.now();
  for (const [index, demo] of MATCH_DEMO_CLIENTS.entries()) {
    try {
      await Client.create({
        client_id: demo.id,
        agentId,
        ...(agent.agency_id ? { agencyId: agent.agency_id } : {}),
        full_name: demo.full_name,
        email: demo.email,
        type: demo.type,
        stage: 'new',
        budget_min: demo.budget[0]!,
        budget_max: demo.budget[1]!,
        currency: 'EUR',
        preferred_areas: demo.areas,
        ...(demo.bedrooms_min === undefined ? {} : { bedrooms_min: demo.bedrooms_min }),
        property_interests: [],
        tags: demo.tags,
        source: 'Referral',
        created_at: new Date(now - (index + 1) * 24 * 60 * 60 * 1000).toISOString(),
      });
      await reserveFeature({ agentId, role: agent.role }, 'clients').catch(() => undefined);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  const searches = await matches.listSavedSearches(agentId);
  if (!searches.some((search) => search.name === DEMO_SEARCH.name)) {
    await matches.createSavedSearch(agentId, DEMO_SEARCH);
  }
  for (const clientId of DEMO_CLIENT_IDS) await matches.syncClient(clientId);
}
