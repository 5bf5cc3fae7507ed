/**
 * The one plans table: role → label, feature limits, invite seat cap, storage tier and branding flag.
 * The spec names the roles, labels, seat caps and the 1 GB free storage; the other per-plan numbers are
 * ours (docs/decisions.md). `null` means Unlimited.
 */
export const ROLES = ['Superagent', 'Essential', 'Agent', 'Agency', 'AgencyPlus'] as const;
export type Role = (typeof ROLES)[number];

export const FEATURES = ['properties', 'clients', 'connections', 'websites', 'storage', 'branding'] as const;
export type FeatureName = (typeof FEATURES)[number];

/**
 * Billing state of an agent's plan. `payment_failed` and `expired` answer the paywall (402
 * `payment_failed` / `subscription_expired`) on every route that consumes a feature limit.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'payment_failed', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const GiB = 1024 ** 3;

/** Default storage limit when an account has none recorded (spec §5/§9). */
export const DEFAULT_STORAGE_LIMIT_BYTES = 1073741824;
/** Upload maximum (spec §5: 100MB). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** The storage-limit modal opens at this share of the quota (spec §4). */
export const STORAGE_WARNING_PERCENT = 80;

export interface Plan {
  role: Role;
  label: string;
  /** maximum count per feature; null = Unlimited. `storage` is in bytes, `branding` is 0/1 availability */
  limits: Record<Exclude<FeatureName, 'branding'>, number | null>;
  branding: boolean;
  /** invite seat cap (spec §6) */
  seats: number;
  storageTier: string;
  /** monthly price in USD cents, shown on the upgrade page */
  priceCents: number;
}

export const PLANS: Record<Role, Plan> = {
  Superagent: {
    role: 'Superagent',
    label: 'Free Plan',
    limits: {
      properties: 10,
      clients: 25,
      connections: 25,
      websites: 1,
      storage: DEFAULT_STORAGE_LIMIT_BYTES,
    },
    branding: false,
    seats: 1,
    storageTier: 'Superagent',
    priceCents: 0,
  },
  Essential: {
    role: 'Essential',
    label: 'Essential',
    limits: { properties: null, clients: null, connections: null, websites: 1, storage: 10 * GiB },
    branding: false,
    seats: 1,
    storageTier: 'Essential',
    priceCents: 1900,
  },
  Agent: {
    role: 'Agent',
    label: 'Solo Agent',
    limits: { properties: null, clients: null, connections: null, websites: 3, storage: 50 * GiB },
    branding: true,
    seats: 1,
    storageTier: 'Solo Agent',
    priceCents: 3900,
  },
  Agency: {
    role: 'Agency',
    label: 'Agency',
    limits: { properties: null, clients: null, connections: null, websites: 5, storage: 200 * GiB },
    branding: true,
    seats: 3,
    storageTier: 'Agency',
    priceCents: 9900,
  },
  AgencyPlus: {
    role: 'AgencyPlus',
    label: 'Agency Plus',
    limits: { properties: null, clients: null, connections: null, websites: 20, storage: 1024 * GiB },
    branding: true,
    seats: 5,
    storageTier: 'Agency Plus',
    priceCents: 19900,
  },
};

export const planFor = (role: string | undefined | null): Plan =>
  PLANS[(role ?? '') as Role] ?? PLANS.Superagent;

/** The plan as a sentence names it: "the Free Plan", "the Solo Agent plan" (never "Free Plan plan"). */
export function planName(role: string | undefined | null): string {
  const { label } = planFor(role);
  return /\bplan$/i.test(label) ? label : `${label} plan`;
}

/**
 * The agency plans. Spec §6 says "role Agency" for the Team item, the invite button and hiding Upgrade Now;
 * read as both agency plans (Agency Plus has 5 seats to invite into and is the top plan), docs/decisions.md.
 */
export const AGENCY_ROLES: readonly Role[] = ['Agency', 'AgencyPlus'];

export const isAgencyRole = (role: string | undefined | null): boolean => AGENCY_ROLES.includes(role as Role);

/** Why a plan cannot be chosen: the agency has more members than its seats (said by the dialog and the API). */
export const seatsTooFewMessage = (members: number, role: Role) =>
  `Your agency has ${members} ${members === 1 ? 'member' : 'members'}, more than the ${planName(role)}'s ${PLANS[role].seats} ${PLANS[role].seats === 1 ? 'seat' : 'seats'}. Remove members first.`;
