import { type Plan, planName } from '#contracts/plans';
import { formatSize } from '../cloud/format.ts';
import { formatCount } from '../preferences/format.ts';

/**
 * How a plan's terms read on the upgrade page and in the plan-change dialog: price, limits and what
 * changes from one plan to another (every figure from contracts/plans, so the two never disagree).
 */

/** `$39`, `Free` (plan prices are USD cents) */
export const planPrice = (cents: number) => (cents === 0 ? 'Free' : `$${(cents / 100).toFixed(0)}`);

const count = (value: number | null, noun: string) =>
  value === null ? `Unlimited ${noun}` : `${formatCount(value)} ${noun}`;

const seats = (plan: Plan) => `${plan.seats} team ${plan.seats === 1 ? 'seat' : 'seats'}`;

/** The feature list of a plan's card. */
export function planFeatures(plan: Plan): string[] {
  return [
    count(plan.limits.properties, 'properties'),
    count(plan.limits.clients, 'clients'),
    count(plan.limits.connections, 'connections'),
    count(plan.limits.websites, plan.limits.websites === 1 ? 'website' : 'websites'),
    plan.limits.storage === null ? 'Unlimited storage' : `${formatSize(plan.limits.storage)} storage`,
    plan.branding ? 'Custom branding' : 'EstateNet branding',
    seats(plan),
  ];
}

/** The limits a plan change can lower, in the order the dialog lists them. */
export const COUNTED = ['properties', 'clients', 'connections', 'websites', 'storage'] as const;
export type CountedFeature = (typeof COUNTED)[number];

const LABELS: Record<CountedFeature, string> = {
  properties: 'Properties',
  clients: 'Clients',
  connections: 'Connections',
  websites: 'Websites',
  storage: 'Storage',
};

const limitText = (feature: CountedFeature, value: number | null) =>
  value === null ? 'Unlimited' : feature === 'storage' ? formatSize(value) : formatCount(value);

/** A limit counts as lower when the new plan allows less (Unlimited is the most). */
const lower = (from: number | null, to: number | null) => to !== null && (from === null || to < from);

export interface PlanDifference {
  label: string;
  from: string;
  to: string;
  /** the new plan allows less than the current one */
  lower: boolean;
}

/** What changes from one plan to another, one line per term that differs. */
export function planDifferences(from: Plan, to: Plan): PlanDifference[] {
  const differences: PlanDifference[] = [];
  for (const feature of COUNTED) {
    const before = from.limits[feature];
    const after = to.limits[feature];
    if (before === after) continue;
    differences.push({
      label: LABELS[feature],
      from: limitText(feature, before),
      to: limitText(feature, after),
      lower: lower(before, after),
    });
  }
  if (from.branding !== to.branding)
    differences.push({
      label: 'Custom branding',
      from: from.branding ? 'Included' : 'Not included',
      to: to.branding ? 'Included' : 'Not included',
      lower: from.branding,
    });
  if (from.seats !== to.seats)
    differences.push({
      label: 'Team seats',
      from: formatCount(from.seats),
      to: formatCount(to.seats),
      lower: to.seats < from.seats,
    });
  return differences;
}

const NOUNS: Record<Exclude<CountedFeature, 'storage'>, [string, string]> = {
  properties: ['property', 'properties'],
  clients: ['client', 'clients'],
  connections: ['connection', 'connections'],
  websites: ['website', 'websites'],
};

/**
 * What happens to what the agent already has when the new plan allows less: nothing is deleted, adding
 * more waits until the usage is under the new limit (the server's limits count what exists).
 */
export function overLimitNotice(feature: CountedFeature, used: number, to: Plan): string | null {
  const maximum = to.limits[feature];
  if (maximum === null || used <= maximum) return null;
  if (feature === 'storage')
    return `You use ${formatSize(used)} of storage; the ${planName(to.role)} includes ${formatSize(maximum)}. Your files stay, but you can't upload more until you're under ${formatSize(maximum)}.`;
  const [one, many] = NOUNS[feature];
  const noun = (value: number) => `${formatCount(value)} ${value === 1 ? one : many}`;
  return `You have ${noun(used)}; the ${planName(to.role)} allows ${noun(maximum)}. Nothing is deleted, but you can't add more until you have fewer than ${formatCount(maximum)}.`;
}
