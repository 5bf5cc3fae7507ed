import type { ClientStage, ClientType } from '#contracts/client-values';
import { findCognitoUser, type UserPoolAccess } from './accounts.ts';

/**
 * The demo client book: a dozen clients of Harbor & Pine (Maya, Leo and Inês; some assigned to a
 * colleague), a few of Sofia's and two of Amir's, each with a short activity trail, written through the
 * entity layer. Ids are fixed, so a restart adds nothing and never overwrites what the demo user changed;
 * each new client takes its plan slot like the API does.
 */

const DAY = 24 * 60 * 60 * 1000;

interface DemoClient {
  id: string;
  owner: string;
  assignedTo?: string;
  full_name: string;
  email?: string;
  phone?: string;
  type: ClientType;
  stage: ClientStage;
  budget?: [number | undefined, number | undefined];
  currency?: string;
  areas?: string[];
  tags?: string[];
  source?: string;
  notes?: string;
  /** days ago it was added, and last contacted */
  added: number;
  contacted?: number;
}

const DEMO_CLIENTS: DemoClient[] = [
  {
    id: 'demo-client-01',
    owner: 'demo@estatenet.local',
    full_name: 'Charlotte Evans',
    email: 'charlotte.evans@example.co.uk',
    phone: '+44 7700 900123',
    type: 'buyer',
    stage: 'negotiating',
    budget: [650000, 800000],
    currency: 'EUR',
    areas: ['Chiado', 'Príncipe Real'],
    tags: ['relocation', 'vip'],
    source: 'Referral',
    notes:
      'Relocating from London in September. Wants a 3-bedroom with a terrace and a lift; offer made on Rua do Alecrim.',
    added: 41,
    contacted: 1,
  },
  {
    id: 'demo-client-02',
    owner: 'demo@estatenet.local',
    full_name: 'Rafael Nunes',
    email: 'rafael.nunes@example.pt',
    phone: '+351 936 112 480',
    type: 'seller',
    stage: 'viewing',
    budget: [520000, undefined],
    currency: 'EUR',
    areas: ['Campo de Ourique'],
    tags: ['exclusive'],
    source: 'Website',
    notes: 'Selling a renovated T3; viewings on weekday evenings only.',
    added: 28,
    contacted: 3,
  },
  {
    id: 'demo-client-03',
    owner: 'demo@estatenet.local',
    assignedTo: 'leo@estatenet.local',
    full_name: 'Hannah Becker',
    email: 'hannah.becker@example.de',
    phone: '+49 151 2345 6789',
    type: 'investor',
    stage: 'contacted',
    budget: [1200000, 2000000],
    currency: 'EUR',
    areas: ['Baixa', 'Alfama', 'Mouraria'],
    tags: ['portfolio', 'short-let'],
    source: 'Property portal',
    notes: 'Looking for 2–3 units with short-let licences. Prefers off-market.',
    added: 16,
    contacted: 6,
  },
  {
    id: 'demo-client-04',
    owner: 'demo@estatenet.local',
    full_name: 'Miguel & Ana Ferreira',
    email: 'ferreira.family@example.pt',
    phone: '+351 912 778 301',
    type: 'buyer',
    stage: 'closed',
    budget: [380000, 450000],
    currency: 'EUR',
    areas: ['Parque das Nações'],
    tags: ['family'],
    source: 'Past client',
    notes: 'Bought the T3 on Alameda dos Oceanos. Deed signed; send a housewarming gift.',
    added: 90,
    contacted: 12,
  },
  {
    id: 'demo-client-05',
    owner: 'demo@estatenet.local',
    full_name: 'Olivia Martin',
    email: 'olivia.martin@example.fr',
    type: 'tenant',
    stage: 'new',
    budget: [1800, 2400],
    currency: 'EUR',
    areas: ['Estrela', 'Lapa'],
    tags: ['furnished'],
    source: 'Social media',
    added: 2,
  },
  {
    id: 'demo-client-06',
    owner: 'leo@estatenet.local',
    full_name: 'David Kim',
    email: 'david.kim@example.com',
    phone: '+1 415 555 0142',
    type: 'buyer',
    stage: 'viewing',
    budget: [700000, 950000],
    currency: 'USD',
    areas: ['Avenidas Novas', 'Saldanha'],
    tags: ['golden visa'],
    source: 'Referral',
    notes: 'Remote viewings by video first; in Lisbon the week after next.',
    added: 22,
    contacted: 2,
  },
  {
    id: 'demo-client-07',
    owner: 'leo@estatenet.local',
    full_name: 'Beatriz Santos',
    email: 'beatriz.santos@example.pt',
    phone: '+351 965 204 117',
    type: 'landlord',
    stage: 'negotiating',
    budget: [2200, 2600],
    currency: 'EUR',
    areas: ['Graça'],
    tags: ['management'],
    source: 'Phone enquiry',
    notes: 'Two flats to let; wants full management. Negotiating the fee.',
    added: 35,
    contacted: 4,
  },
  {
    id: 'demo-client-08',
    owner: 'leo@estatenet.local',
    assignedTo: 'ines@estatenet.local',
    full_name: 'Tomás Oliveira',
    phone: '+351 919 330 552',
    type: 'seller',
    stage: 'lost',
    budget: [310000, undefined],
    currency: 'EUR',
    areas: ['Cascais'],
    source: 'Open house',
    notes: 'Chose another agency after the price review.',
    added: 60,
    contacted: 25,
  },
  {
    id: 'demo-client-09',
    owner: 'leo@estatenet.local',
    full_name: 'Sophie Laurent',
    email: 'sophie.laurent@example.fr',
    type: 'buyer',
    stage: 'new',
    budget: [450000, 550000],
    currency: 'EUR',
    areas: ['Belém', 'Restelo'],
    tags: ['garden'],
    source: 'Website',
    added: 1,
  },
  {
    id: 'demo-client-10',
    owner: 'ines@estatenet.local',
    full_name: 'James O’Connor',
    email: 'james.oconnor@example.ie',
    phone: '+353 87 123 4567',
    type: 'tenant',
    stage: 'contacted',
    budget: [2500, 3200],
    currency: 'EUR',
    areas: ['Cascais', 'Estoril'],
    tags: ['family', 'schools'],
    source: 'Property portal',
    notes: 'Family of four; near the international schools. Lease from August.',
    added: 9,
    contacted: 2,
  },
  {
    id: 'demo-client-11',
    owner: 'ines@estatenet.local',
    full_name: 'Marta Silva',
    email: 'marta.silva@example.pt',
    phone: '+351 918 440 913',
    type: 'seller',
    stage: 'viewing',
    budget: [890000, undefined],
    currency: 'EUR',
    areas: ['Cascais'],
    tags: ['sea view', 'exclusive'],
    source: 'Referral',
    notes: 'Villa with a sea view; three viewings booked this week.',
    added: 19,
    contacted: 1,
  },
  {
    id: 'demo-client-12',
    owner: 'ines@estatenet.local',
    assignedTo: 'demo@estatenet.local',
    full_name: 'Ahmed Al-Sayed',
    email: 'ahmed.alsayed@example.ae',
    phone: '+971 50 123 4567',
    type: 'investor',
    stage: 'negotiating',
    budget: [2500000, 4000000],
    currency: 'AED',
    areas: ['Comporta', 'Cascais'],
    tags: ['vip', 'off-market'],
    source: 'Referral',
    notes: 'Buying a hotel-ready plot; Maya leads the negotiation.',
    added: 48,
    contacted: 0,
  },
  {
    id: 'demo-client-13',
    owner: 'sofia@estatenet.local',
    full_name: 'Pedro Almeida',
    email: 'pedro.almeida@example.pt',
    phone: '+351 926 301 774',
    type: 'buyer',
    stage: 'viewing',
    budget: [280000, 340000],
    currency: 'EUR',
    areas: ['Foz do Douro', 'Matosinhos'],
    tags: ['first home'],
    source: 'Website',
    added: 12,
    contacted: 1,
  },
  {
    id: 'demo-client-14',
    owner: 'sofia@estatenet.local',
    full_name: 'Inês Carvalho',
    email: 'ines.carvalho@example.pt',
    type: 'seller',
    stage: 'contacted',
    budget: [420000, undefined],
    currency: 'EUR',
    areas: ['Vila Nova de Gaia'],
    source: 'Referral',
    added: 6,
    contacted: 5,
  },
  {
    id: 'demo-client-15',
    owner: 'sofia@estatenet.local',
    full_name: 'Lucas Moreau',
    email: 'lucas.moreau@example.fr',
    phone: '+33 6 12 34 56 78',
    type: 'tenant',
    stage: 'new',
    budget: [1100, 1500],
    currency: 'EUR',
    areas: ['Boavista'],
    source: 'Social media',
    added: 0,
  },
  {
    id: 'demo-client-16',
    owner: 'amir@estatenet.local',
    full_name: 'Emma Johansson',
    email: 'emma.johansson@example.se',
    type: 'tenant',
    stage: 'viewing',
    budget: [1500, 2200],
    currency: 'EUR',
    areas: ['Lagos', 'Albufeira'],
    tags: ['holiday let'],
    source: 'Property portal',
    added: 8,
    contacted: 2,
  },
  {
    id: 'demo-client-17',
    owner: 'amir@estatenet.local',
    full_name: 'Carlos Mendes',
    phone: '+351 913 887 020',
    type: 'landlord',
    stage: 'new',
    areas: ['Faro'],
    source: 'Walk-in',
    added: 3,
  },
];

const STAGE_PATH: ClientStage[] = ['new', 'contacted', 'viewing', 'negotiating', 'closed'];

export async function seedClientsDemo(pool: UserPoolAccess): Promise<void> {
  const [{ Agent }, { Client, recordClientActivity }, { isConditionFailure }, { reserveFeature }] =
    await Promise.all([
      import('#platform/accounts/entities'),
      import('#functions/clients/entities'),
      import('#platform/data/entity'),
      import('#platform/accounts/limits'),
    ]);
  const ids = new Map<string, string>();
  for (const email of new Set(DEMO_CLIENTS.flatMap((demo) => [demo.owner, demo.assignedTo ?? demo.owner]))) {
    const agentId = await findCognitoUser(pool, email);
    if (agentId) ids.set(email, agentId);
  }
  const now = Date.now();
  for (const demo of DEMO_CLIENTS) {
    const agentId = ids.get(demo.owner);
    const agent = agentId ? await Agent.get({ agent_id: agentId }) : undefined;
    if (!agentId || !agent) continue;
    const created_at = new Date(now - demo.added * DAY - 3 * 60 * 60 * 1000).toISOString();
    const last_contact_at =
      demo.contacted === undefined
        ? undefined
        : new Date(now - demo.contacted * DAY - 60 * 60 * 1000).toISOString();
    const assigned = demo.assignedTo ? ids.get(demo.assignedTo) : undefined;
    try {
      await Client.create({
        client_id: demo.id,
        agentId,
        ...(agent.agency_id ? { agencyId: agent.agency_id } : {}),
        full_name: demo.full_name,
        ...(demo.email ? { email: demo.email } : {}),
        ...(demo.phone ? { phone: demo.phone } : {}),
        type: demo.type,
        stage: demo.stage,
        ...(demo.budget?.[0] === undefined ? {} : { budget_min: demo.budget[0] }),
        ...(demo.budget?.[1] === undefined ? {} : { budget_max: demo.budget[1] }),
        currency: demo.currency ?? 'EUR',
        preferred_areas: demo.areas ?? [],
        property_interests: [],
        ...(demo.source ? { source: demo.source } : {}),
        ...(assigned ? { assigned_agent_id: assigned } : {}),
        ...(demo.notes ? { notes: demo.notes } : {}),
        tags: demo.tags ?? [],
        created_at,
        ...(last_contact_at ? { last_contact_at } : {}),
      });
    } catch (error) {
      if (isConditionFailure(error)) continue;
      throw error;
    }
    // counted like a client added through the API (unlimited plans count too); the seed stays within limits
    await reserveFeature({ agentId, role: agent.role }, 'clients').catch(() => undefined);
    await seedTrail(
      recordClientActivity,
      demo,
      { agentId, name: agent.full_name },
      created_at,
      last_contact_at,
    );
  }
}

/** created → the stages up to today's → the last contact, spaced between the dates. */
async function seedTrail(
  record: typeof import('#functions/clients/entities').recordClientActivity,
  demo: DemoClient,
  actor: { agentId: string; name: string },
  createdAt: string,
  lastContactAt: string | undefined,
) {
  await record({ clientId: demo.id, kind: 'created', actor, at: createdAt });
  const reached = demo.stage === 'lost' ? 2 : STAGE_PATH.indexOf(demo.stage);
  const start = Date.parse(createdAt);
  const end = lastContactAt ? Date.parse(lastContactAt) : Date.now();
  for (let step = 1; step <= reached; step += 1) {
    const at = new Date(start + ((end - start) * step) / (reached + 1)).toISOString();
    await record({
      clientId: demo.id,
      kind: 'stage_changed',
      actor,
      at,
      changes: [{ field: 'stage', from: STAGE_PATH[step - 1]!, to: STAGE_PATH[step]! }],
    });
  }
  if (demo.stage === 'lost') {
    await record({
      clientId: demo.id,
      kind: 'stage_changed',
      actor,
      at: new Date(end - 60_000).toISOString(),
      changes: [{ field: 'stage', from: STAGE_PATH[reached]!, to: 'lost' }],
    });
  }
  if (lastContactAt) {
    await record({
      clientId: demo.id,
      kind: 'contacted',
      actor,
      at: lastContactAt,
      changes: [{ field: 'last_contact_at', to: lastContactAt }],
    });
  }
}
