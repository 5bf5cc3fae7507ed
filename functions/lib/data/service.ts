import { Entity, type EntityItem, Service } from 'electrodb';
import { FEATURES, ROLES, SUBSCRIPTION_STATUSES } from '#contracts/plans';
import { config } from '../config.ts';
import { documentClient } from '../dynamodb.ts';

/**
 * The entity layer over the single table. Each entity names its indexes after its access patterns;
 * the physical keys (pk/sk/gsiNpk/gsiNsk) come from functions/lib/data/table.ts.
 */
const ENTITY_SERVICE = 'estatenet';

const counter = { type: 'number', required: true, default: 0 } as const;
const createdAt = {
  type: 'string',
  readOnly: true,
  required: true,
  default: () => new Date().toISOString(),
} as const;

export const Agent = new Entity(
  {
    model: { entity: 'agent', version: '1', service: ENTITY_SERVICE },
    attributes: {
      agent_id: { type: 'string', required: true },
      email: { type: 'string', required: true },
      full_name: { type: 'string', required: true },
      /** lower-cased name for prefix search in the directory */
      name_key: {
        type: 'string',
        hidden: true,
        watch: ['full_name'],
        set: (_value, item) => String(item.full_name ?? '').toLowerCase(),
      },
      profile_picture: { type: 'string' },
      role: { type: ROLES, required: true, default: 'Superagent' },
      user_type: { type: ['admin', 'agent', ''] as const },
      agency_id: { type: 'string' },
      city: { type: 'string' },
      /** lower-cased city for the directory's city filter */
      city_key: {
        type: 'string',
        hidden: true,
        watch: ['city'],
        set: (_value, item) => (item.city ? String(item.city).toLowerCase() : undefined),
      },
      phone: { type: 'string' },
      bio: { type: 'string' },
      /** billing state of the agent's plan; anything but 'active' answers the paywall on limited routes */
      subscription_status: { type: SUBSCRIPTION_STATUSES, required: true, default: 'active' },
      reputation_points: counter,
      property_count: counter,
      verified_deals: counter,
      connections: counter,
      created_at: createdAt,
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['agent_id'] },
        sk: { field: 'sk', composite: [] },
      },
      /** every agent, ordered by name: the agents directory */
      directory: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [] },
        sk: { field: 'gsi1sk', composite: ['name_key', 'agent_id'] },
      },
      /** an agency's members; never queried without an agency id (agents without one share an empty key) */
      byAgency: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['agency_id'] },
        sk: { field: 'gsi2sk', composite: ['agent_id'] },
      },
    },
  },
  { client: documentClient, table: config.tableName },
);

export const Agency = new Entity(
  {
    model: { entity: 'agency', version: '1', service: ENTITY_SERVICE },
    attributes: {
      id: { type: 'string', required: true },
      name: { type: 'string', required: true },
      type: { type: ['Agency', 'AgencyPlus', 'other'] as const, required: true, default: 'Agency' },
      agentCount: counter,
      logo: { type: 'string' },
      admin_agent_id: { type: 'string', required: true },
      city: { type: 'string' },
      website: { type: 'string' },
      created_at: createdAt,
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'] },
        sk: { field: 'sk', composite: [] },
      },
    },
  },
  { client: documentClient, table: config.tableName },
);

/**
 * The brand colours of an agency (or of an agent without one: its agent id is the owner). Kept apart from
 * the Agency item so `POST /api/brand-colors` is a plain upsert that cannot touch the agency's fields.
 */
export const BrandColors = new Entity(
  {
    model: { entity: 'brandColors', version: '1', service: ENTITY_SERVICE },
    attributes: {
      owner_id: { type: 'string', required: true },
      color1: { type: 'string', required: true },
      color2: { type: 'string', required: true },
      updated_at: {
        type: 'string',
        watch: '*',
        set: () => new Date().toISOString(),
      },
    },
    indexes: {
      byOwner: {
        pk: { field: 'pk', composite: ['owner_id'] },
        sk: { field: 'sk', composite: [] },
      },
    },
  },
  { client: documentClient, table: config.tableName },
);

/**
 * How much of one plan feature an agent has used. `used` only ever changes through the atomic,
 * conditional updates in functions/lib/limits.ts, never by read-modify-write.
 */
export const FeatureUsage = new Entity(
  {
    model: { entity: 'featureUsage', version: '1', service: ENTITY_SERVICE },
    attributes: {
      agent_id: { type: 'string', required: true },
      feature: { type: FEATURES, required: true },
      used: { type: 'number' },
    },
    indexes: {
      byAgent: {
        pk: { field: 'pk', composite: ['agent_id'] },
        sk: { field: 'sk', composite: ['feature'] },
      },
    },
  },
  { client: documentClient, table: config.tableName },
);

export const platform = new Service(
  { Agent, Agency, BrandColors, FeatureUsage },
  { client: documentClient, table: config.tableName },
);

export type AgentItem = EntityItem<typeof Agent>;
export type AgencyItem = EntityItem<typeof Agency>;

/** True when a write failed on its condition (an ElectroDB error wrapping ConditionalCheckFailed). */
export function isConditionFailure(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'ConditionalCheckFailedException') return true;
  }
  return error instanceof Error && /conditional request failed/i.test(error.message);
}
