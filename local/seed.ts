import { planFor, type Role, type SubscriptionStatus } from '#contracts/plans';
import { isConditionFailure } from '#platform/data/entity';
import { ensureCognitoUser } from './accounts.ts';
import type { LocalCloud } from './cloud.ts';
import { DEMO_GOOGLE_ACCOUNTS } from './local-auth.ts';
import { seedAgendaDemo } from './seed-agenda.ts';
import { seedClientsDemo } from './seed-clients.ts';
import { seedCloudDemo } from './seed-cloud.ts';
import { seedDealsDemo } from './seed-deals.ts';
import { seedMatchesDemo } from './seed-matches.ts';
import { seedNetworkDemo } from './seed-network.ts';
import { seedPropertiesDemo } from './seed-properties.ts';
import { seedReputationDemo } from './seed-reputation.ts';
import { SUPPORT_DEMO, seedSupportDemo } from './seed-support.ts';
import { seedTeamDemo } from './seed-team.ts';
import { seedVerificationsDemo } from './seed-verifications.ts';

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
  subscription?: SubscriptionStatus;
  /** what signing in as this agent shows, for the `npm start` banner */
  shows: string;
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
    shows:
      'agency admin of Harbor & Pine: Team menu, all 3 seats taken (2 members, 1 pending invitation), no Upgrade Now',
  },
  {
    email: 'leo@estatenet.local',
    fullName: 'Leo Martins',
    role: 'Agency',
    city: 'Lisbon',
    phone: '+351 913 222 101',
    bio: 'Apartments and new developments in central Lisbon.',
    inAgency: true,
    shows: 'agent in the Harbor & Pine agency',
  },
  {
    email: 'ines@estatenet.local',
    fullName: 'Inês Duarte',
    role: 'Agency',
    city: 'Cascais',
    phone: '+351 916 404 212',
    bio: 'Family homes and rentals along the Cascais coast.',
    inAgency: true,
    shows: 'agent in the Harbor & Pine agency',
  },
  {
    email: 'sofia@estatenet.local',
    fullName: 'Sofia Reyes',
    role: 'Agent',
    city: 'Porto',
    phone: '+351 914 876 543',
    bio: 'Independent agent for family homes in Porto and Gaia.',
    inAgency: false,
    shows: 'independent agent on a paid plan (unlimited properties and clients)',
  },
  {
    email: 'amir@estatenet.local',
    fullName: 'Amir Haddad',
    role: 'Superagent',
    city: 'Faro',
    phone: '+351 915 432 198',
    bio: 'Holiday rentals and villas across the Algarve.',
    inAgency: false,
    shows: 'free agent: Free Plan limits, Upgrade Now',
  },
  {
    email: 'nora@estatenet.local',
    fullName: 'Nora Lindqvist',
    role: 'Agent',
    city: 'Coimbra',
    phone: '+351 917 650 330',
    bio: 'Student housing and city-centre apartments in Coimbra.',
    inAgency: false,
    subscription: 'expired',
    shows: 'expired subscription: the "subscription expired" paywall on limited actions',
  },
];

/** Creates a record unless it exists: a restart never overwrites what the demo user changed. */
async function createIfMissing(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export interface DemoSignIn {
  email: string;
  password: string;
  /** the plan label of the role, e.g. "Free Plan" */
  plan: string;
  role: Role;
  shows: string;
}

export interface DemoData {
  /** the main demo sign-in (the agency admin) */
  email: string;
  password: string;
  signIns: DemoSignIn[];
  /** EstateNet's support staff sign-in (the support inbox), not a customer */
  support: { email: string; password: string };
  /** accounts offered by the local "Sign in with Google" page */
  googleAccounts: Array<{ name: string; email: string }>;
}

/**
 * Seeds the demo agency and its agents idempotently: real Cognito users (so the demo sign-ins work)
 * and their records through the entity layer, the same one the handlers use.
 */
export async function seedDemoData(cloud: LocalCloud): Promise<DemoData> {
  const { Agent, Agency } = await import('#platform/accounts/entities');
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
        ...(demo.inAgency ? { user_type: demo.agencyAdmin ? ('admin' as const) : ('agent' as const) } : {}),
        ...(demo.inAgency ? { agency_id: DEMO_AGENCY.id } : {}),
        ...(demo.subscription ? { subscription_status: demo.subscription } : {}),
        city: demo.city,
        phone: demo.phone,
        bio: demo.bio,
        // the counters start at 0: the demo's listings and connections earn them (seed-reputation.ts)
      }),
    );
  }
  await createIfMissing(
    Agency.create({
      ...DEMO_AGENCY,
      type: 'Agency',
      admin_agent_id: adminId,
      // the agents the admin brought in (not the admin): with the pending invitation of seed-team.ts they
      // fill Agency's 3 seats, so /team shows a full agency (revoking the invitation frees a seat)
      agentCount: DEMO_AGENTS.filter((agent) => agent.inAgency && !agent.agencyAdmin).length,
    }),
  );
  await seedTeamDemo(DEMO_AGENCY.id, adminId);
  await seedSupportDemo(cloud.userPool, DEMO_PASSWORD);
  // before the agenda: its demo viewings link these clients
  await seedClientsDemo(cloud.userPool);
  await seedPropertiesDemo(cloud.userPool);
  // the listings' deeds (approved by the support account) and owners' confirmations, before the awards
  await seedVerificationsDemo(cloud.userPool);
  await seedAgendaDemo(cloud.userPool);
  await seedCloudDemo(cloud.userPool, DEMO_PASSWORD);
  await seedNetworkDemo(cloud.userPool, DEMO_PASSWORD);
  await seedReputationDemo(cloud.userPool, DEMO_PASSWORD);
  // after the listings and clients it links, and after the awards (no demo deal is closed)
  await seedDealsDemo(cloud.userPool);
  // after the listings and clients it matches
  await seedMatchesDemo(cloud.userPool);
  await (await import('./seed-website.ts')).seedWebsiteDemo(cloud.userPool);
  return {
    email: DEMO_AGENTS[0]!.email,
    password: DEMO_PASSWORD,
    signIns: DEMO_AGENTS.map((demo) => ({
      email: demo.email,
      password: DEMO_PASSWORD,
      role: demo.role,
      plan: planFor(demo.role).label,
      shows: demo.shows,
    })),
    support: { email: SUPPORT_DEMO.email, password: DEMO_PASSWORD },
    googleAccounts: [...DEMO_GOOGLE_ACCOUNTS],
  };
}
