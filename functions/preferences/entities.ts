import { defineEntity } from '#platform/data/entity';

/**
 * The brand colours of an agency (or of an agent without one: its agent id is the owner). Kept apart from
 * the Agency item so `POST /api/brand-colors` is a plain upsert that cannot touch the agency's fields.
 */
export interface BrandColorsItem {
  owner_id: string;
  color1: string;
  color2: string;
  updated_at: string;
}

export const BrandColors = defineEntity<BrandColorsItem, 'owner_id', 'updated_at'>()({
  type: 'brandColors',
  key: { pk: { prefix: 'OWNER', attributes: ['owner_id'] }, sk: { prefix: 'BRAND_COLORS' } },
  defaults: () => ({ updated_at: new Date().toISOString() }),
});

/**
 * An agent's display preferences (spec §3 Preferences) and account settings, one item per agent beside
 * its profile; every field is optional and read with the spec's defaults (USD, sqm).
 */
export interface AgentPreferencesItem {
  agent_id: string;
  currency_preference?: string;
  metric_preference?: 'sqm' | 'sqft';
  /** notification preferences of the settings page, one attribute per kind so each changes alone */
  notify_connection_requests?: boolean;
  notify_reputation?: boolean;
  notify_team?: boolean;
  notify_product_updates?: boolean;
  /** the Need Help box's Live Chat toggle */
  live_chat?: boolean;
  updated_at: string;
}

export const AgentPreferences = defineEntity<AgentPreferencesItem, 'agent_id', 'updated_at'>()({
  type: 'agentPreferences',
  key: { pk: { prefix: 'AGENT', attributes: ['agent_id'] }, sk: { prefix: 'PREFERENCES' } },
  defaults: () => ({ updated_at: new Date().toISOString() }),
});

/**
 * The exchange rates the scheduled refresh last stored (one item): units per 1 USD and the day they are
 * from. Only a newer (or same-day) set replaces it, so overlapping refreshes cannot go back in time.
 */
export interface ExchangeRatesItem {
  id: 'latest';
  base: 'USD';
  date: string;
  source: 'provider' | 'snapshot';
  rates: Record<string, number>;
  updated_at: string;
}

export const ExchangeRates = defineEntity<ExchangeRatesItem, 'id', 'updated_at'>()({
  type: 'exchangeRates',
  key: { pk: { prefix: 'RATES', attributes: ['id'] }, sk: { prefix: 'RATES' } },
  defaults: () => ({ updated_at: new Date().toISOString() }),
});
