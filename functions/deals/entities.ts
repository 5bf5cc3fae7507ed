import type { DealSide, DealStage } from '#contracts/deals';
import type { DealTimelineEntryView, DealView } from '#contracts/schemas/deals';
import { defineEntity } from '#platform/data/entity';

/**
 * Deals between two agents (docs/decisions.md, "Deals"). A deal and its timeline share one partition, so
 * the deal page is one Query. Each agent finds its deals through a membership item in its own partition
 * (newest first, paged), so listing both sides of an agent's deals is one Query however many deals the
 * network holds. While a deal is open, a guard item keyed by listing and client makes a second proposal of
 * the same client for the same listing fail in the transaction that would write it.
 */

/** A deal as stored: the view's fields, less the caller's side, plus the two agents' ids. */
export type DealItem = Omit<DealView, 'side' | 'client_id'> & {
  proposer_id: string;
  listing_agent_id: string;
  property_id: string;
  client_id: string;
  /** raised by every change: each change is conditioned on the revision it read */
  revision: number;
};

export const Deal = defineEntity<DealItem, 'deal_id'>()({
  type: 'deal',
  key: { pk: { prefix: 'DEAL', attributes: ['deal_id'] }, sk: { prefix: 'DEAL' } },
});

/** One side's entry for a deal, in the agent's own partition, newest first. */
export interface DealMembershipItem {
  agent_id: string;
  created_at: string;
  deal_id: string;
  side: DealSide;
}

export const DealMembership = defineEntity<DealMembershipItem, 'agent_id' | 'created_at' | 'deal_id'>()({
  type: 'dealMembership',
  key: {
    pk: { prefix: 'AGENT_DEALS', attributes: ['agent_id'] },
    sk: { prefix: 'DEAL', attributes: ['created_at', 'deal_id'] },
  },
});

/** Held while a deal for this client and listing is open. */
export interface OpenDealGuardItem {
  property_id: string;
  client_id: string;
  deal_id: string;
}

export const OpenDealGuard = defineEntity<OpenDealGuardItem, 'property_id' | 'client_id'>()({
  type: 'openDealGuard',
  key: {
    pk: { prefix: 'DEAL_PAIR', attributes: ['property_id', 'client_id'] },
    sk: { prefix: 'OPEN' },
  },
});

/** One entry of a deal's timeline, in the deal's partition, by time. */
export type DealTimelineItem = DealTimelineEntryView & { deal_id: string };

export const DealTimeline = defineEntity<DealTimelineItem, 'deal_id' | 'entry_id'>()({
  type: 'dealTimeline',
  key: {
    pk: { prefix: 'DEAL', attributes: ['deal_id'] },
    sk: { prefix: 'TIMELINE', attributes: ['entry_id'] },
  },
});

export type { DealSide, DealStage };
