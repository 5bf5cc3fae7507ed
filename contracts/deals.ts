/**
 * Deals between two agents (issue 22): an agent (the proposer) brings one of their buyers or tenants to
 * another agent's listing, agreeing to its collaborator commission; the listing agent accepts or declines.
 * Zod-free: the API, the awarder and the Deals screens all read these tables.
 */

/** A deal's stages, in the order a deal that goes well passes them; the last three end it. */
export const DEAL_STAGES = [
  'proposed',
  'accepted',
  'viewing',
  'offer',
  'closed',
  'lost',
  'declined',
] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

/** The stages after which nothing changes. */
export const FINAL_DEAL_STAGES: readonly DealStage[] = ['closed', 'lost', 'declined'];
/** The stages of a deal still being worked: the board's columns. */
export const OPEN_DEAL_STAGES = DEAL_STAGES.filter((stage) => !FINAL_DEAL_STAGES.includes(stage));

export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  proposed: 'Proposed',
  accepted: 'Accepted',
  viewing: 'Viewing',
  offer: 'Offer',
  closed: 'Closed',
  lost: 'Lost',
  declined: 'Declined',
};

/** Who an agent is in a deal: the one who brought the client, or the one whose listing it is. */
export type DealSide = 'proposer' | 'listing';

const BOTH: readonly DealSide[] = ['proposer', 'listing'];

/**
 * The moves `PUT /api/deals/{id}` makes, from each stage, and which side may make each. Only the listing
 * agent answers a proposal; the proposer may withdraw it (lost). Either side records a viewing or an offer
 * and may end a deal as lost. Closing is not a move: both sides confirm it (`POST …/confirm-close`).
 */
export const DEAL_MOVES: Readonly<Record<DealStage, Partial<Record<DealStage, readonly DealSide[]>>>> = {
  proposed: { accepted: ['listing'], declined: ['listing'], lost: ['proposer'] },
  accepted: { viewing: BOTH, offer: BOTH, lost: BOTH },
  viewing: { offer: BOTH, lost: BOTH },
  offer: { viewing: BOTH, lost: BOTH },
  closed: {},
  lost: {},
  declined: {},
};

/** Whether `side` may move a deal at `from` to `to` with `PUT /api/deals/{id}`. */
export const canMoveDeal = (from: DealStage, to: DealStage, side: DealSide): boolean =>
  DEAL_MOVES[from][to]?.includes(side) ?? false;

/** The stages `side` may move a deal at `from` to, in stage order (the deal page's buttons). */
export const dealMovesFor = (from: DealStage, side: DealSide): DealStage[] =>
  DEAL_STAGES.filter((to) => canMoveDeal(from, to, side));

/** The stages at which either side may confirm the close (the other confirming closes the deal). */
export const CLOSABLE_DEAL_STAGES: readonly DealStage[] = ['accepted', 'viewing', 'offer'];

/**
 * What the proposer may share of the client with the listing agent, beyond the name (always shared).
 * By default nothing more: the proposer ticks what to share when proposing and may widen it later.
 */
export const DEAL_SHAREABLE_CLIENT_FIELDS = ['email', 'phone', 'budget', 'preferred_areas'] as const;
export type DealShareableClientField = (typeof DEAL_SHAREABLE_CLIENT_FIELDS)[number];

export const DEAL_SHAREABLE_CLIENT_FIELD_LABELS: Record<DealShareableClientField, string> = {
  email: 'Email',
  phone: 'Phone',
  budget: 'Budget',
  preferred_areas: 'Preferred areas',
};

/** What the deal's timeline can hold, newest last. */
export const DEAL_TIMELINE_KINDS = [
  'proposed',
  'moved',
  'note',
  'event',
  'close_confirmed',
  'closed',
] as const;
export type DealTimelineKind = (typeof DEAL_TIMELINE_KINDS)[number];

/** The longest note on a deal's timeline. */
export const DEAL_NOTE_MAX_LENGTH = 2_000;
/** The longest message sent with a proposal. */
export const DEAL_MESSAGE_MAX_LENGTH = 1_000;
