import type { ClientType } from '#contracts/client-values';
import {
  CLOSABLE_DEAL_STAGES,
  DEAL_STAGE_LABELS,
  type DealSide,
  type DealStage,
  FINAL_DEAL_STAGES,
} from '#contracts/deals';
import { STATUS_SOUGHT } from '#contracts/listing-match';
import type { Deal } from './api.ts';

/** The stages the stepper walks when a deal goes well; a deal ended otherwise shows its end instead. */
export const DEAL_PATH: readonly DealStage[] = ['proposed', 'accepted', 'viewing', 'offer', 'closed'];

export const isDealEnded = (status: DealStage) => FINAL_DEAL_STAGES.includes(status);

/** The caller's side in words, as the cards and the deal page say it. */
export const sideLabel = (side: DealSide) => (side === 'proposer' ? 'You proposed' : 'Proposed to you');

/** The agent on the other side of the deal from the caller. */
export const otherAgent = (deal: Deal) => (deal.side === 'proposer' ? deal.listing_agent : deal.proposer);

/** The label of a move's button: the target stage as a verb (a proposal is withdrawn, a deal lost). */
export function moveLabel(to: DealStage, from: DealStage): string {
  switch (to) {
    case 'accepted':
      return 'Accept';
    case 'declined':
      return 'Decline';
    case 'viewing':
      return 'Record a viewing';
    case 'offer':
      return 'Record an offer';
    case 'lost':
      return from === 'proposed' ? 'Withdraw' : 'Mark as lost';
    default:
      return DEAL_STAGE_LABELS[to];
  }
}

/** Moves asked about before they are made: they end the deal for both agents. */
export const movesNeedingConfirmation: readonly DealStage[] = ['lost', 'declined'];

export type CloseState =
  | { kind: 'unavailable' }
  | { kind: 'none' }
  | { kind: 'waiting'; other: string }
  | { kind: 'other-confirmed'; other: string }
  | { kind: 'closed' };

/** Where the two confirmations of the close stand, for the caller. */
export function closeState(deal: Deal): CloseState {
  if (deal.status === 'closed') return { kind: 'closed' };
  if (!CLOSABLE_DEAL_STAGES.includes(deal.status)) return { kind: 'unavailable' };
  const other = otherAgent(deal).full_name;
  const otherSide: DealSide = deal.side === 'proposer' ? 'listing' : 'proposer';
  if (deal.close_confirmed_by.includes(deal.side)) return { kind: 'waiting', other };
  if (deal.close_confirmed_by.includes(otherSide)) return { kind: 'other-confirmed', other };
  return { kind: 'none' };
}

/** The client types that may be proposed for a listing of this status (buyers and investors buy, tenants rent). */
export function clientTypesFor(status: string): ClientType[] {
  return (Object.keys(STATUS_SOUGHT) as ClientType[]).filter((type) => STATUS_SOUGHT[type] === status);
}

/** Whether another agent's listing of this status can be collaborated on. */
export const isCollaborable = (status: string) => clientTypesFor(status).length > 0;

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "27 Nov 2026, 09:44": when a timeline entry happened. */
export const formatDealTime = (iso: string) => timeFormat.format(new Date(iso));
