import type { Role } from '#contracts/plans';
import { ensureCognitoUser } from './accounts.ts';
import type { LocalCloud } from './cloud.ts';

export const DEMO_PASSWORD = 'Demo-Password-1';

interface DemoAgent {
  email: string;
  fullName: string;
  role: Role;
  city: string;
  phone: string;
  bio: string;
  agencyAdmin?: boolean;
  inAgency: boolean;
  reputation: number;
  properties: number;
  verifiedDeals: number;
  connections: number;
}

const DEMO_AGENCY = {
  id: 'demo-agency-harbor-pine',
  name: 'Harbor & Pine Realty',
  city: 'Lisbon',
  website: 'https://harborpine.example',
};

const DEMO_AGENTS: DemoAgent[] = [
  {
    email: 'demo@estatenet.local',
    fullName: 'Maya Collins',
    role: 'Agency',
    city: 'Lisbon',
    phone: '+351 912 345 678',
    bio: 'Founder of Harbor & Pine. Waterfront homes and relocation for international buyers.',
    agencyAdmin: true,
    inAgency: true,
    reputation: 340,
    properties: 12,
    verifiedDeals: 7,
    connections: 18,
  },
  {
    email: 'leo@estatenet.local',
    fullName: 'Leo Martins',
    role: 'Agency',
    city: 'Lisbon',
    phone: '+351 913 222 101',
    bio: 'Apartments and new developments in central Lisbon.',
    inAgency: true,
    reputation: 185,
    properties: 8,
    verifiedDeals: 3,
    connections: 11,
  },
  {
    email: 'sofia@estatenet.local',
    fullName: 'Sofia Reyes',
    role: 'Agent',
    city: 'Porto',
    phone: '+351 914 876 543',
    bio: 'Independent agent for family homes in Porto and Gaia.',
    inAgency: false,
    reputation: 260,
    properties: 9,
    verifiedDeals: 5,
    connections: 23,
  },
  {
    email: 'amir@estatenet.local',
    fullName: 'Amir Haddad',
    role: 'Superagent',
    city: 'Faro',
    phone: '+351 915 432 198',
    bio: 'Holiday rentals and villas across the Algarve.',
    inAgency: false,
    reputation: 45,
    properties: 3,
    verifiedDeals: 0,
    connections: 4,
  },
];

/** Creates a record unless it exists: a restart never overwrites what the demo user changed. */
async function createIfMissing(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!(error instanceof Error && /conditional request failed/i.test(error.message))) throw error;
  }
}

/**
 * Seeds the demo agency and its agents idempotently: real Cognito users (so the demo sign-in works)
 * and their records through the entity layer, the same one the handlers use.
 */
export async function seedDemoData(cloud: LocalCloud): Promise<{ email: string; password: string }> {
  const { Agent, Agency } = await import('#lib/data/service');
  let adminId = '';
  for (const demo of DEMO_AGENTS) {
    const agentId = await ensureCognitoUser(cloud.userPool, {
      email: demo.email,
      password: DEMO_PASSWORD,
      fullName: demo.fullName,
    });
    if (demo.agencyAdmin) adminId = agentId;
    await createIfMissing(
      Agent.create({
        agent_id: agentId,
        email: demo.email,
        full_name: demo.fullName,
        role: demo.role,
        ...(demo.agencyAdmin ? { user_type: 'admin' as const } : {}),
        ...(demo.inAgency ? { agency_id: DEMO_AGENCY.id } : {}),
        city: demo.city,
        phone: demo.phone,
        bio: demo.bio,
        reputation_points: demo.reputation,
        property_count: demo.properties,
        verified_deals: demo.verifiedDeals,
        connections: demo.connections,
      }).go(),
    );
  }
  await createIfMissing(
    Agency.create({
      ...DEMO_AGENCY,
      type: 'Agency',
      admin_agent_id: adminId,
      agentCount: DEMO_AGENTS.filter((agent) => agent.inAgency).length,
    }).go(),
  );
  return { email: DEMO_AGENTS[0]!.email, password: DEMO_PASSWORD };
}
