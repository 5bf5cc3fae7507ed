import { describe, expect, it } from 'vitest';
import {
  canMoveDeal,
  DEAL_MOVES,
  DEAL_STAGES,
  dealMovesFor,
  FINAL_DEAL_STAGES,
  OPEN_DEAL_STAGES,
} from './deals.ts';

describe('deal moves', () => {
  it('lets only the listing agent answer a proposal, and the proposer withdraw it', () => {
    expect(dealMovesFor('proposed', 'listing')).toEqual(['accepted', 'declined']);
    expect(dealMovesFor('proposed', 'proposer')).toEqual(['lost']);
  });

  it('moves nothing once a deal has ended, and never to proposed or closed', () => {
    for (const stage of FINAL_DEAL_STAGES) expect(DEAL_MOVES[stage]).toEqual({});
    for (const from of DEAL_STAGES)
      for (const side of ['proposer', 'listing'] as const) {
        expect(canMoveDeal(from, 'proposed', side)).toBe(false);
        expect(canMoveDeal(from, 'closed', side)).toBe(false);
      }
  });

  it('lets either side record a viewing or an offer and end an accepted deal as lost', () => {
    for (const side of ['proposer', 'listing'] as const) {
      expect(dealMovesFor('accepted', side)).toEqual(['viewing', 'offer', 'lost']);
      expect(canMoveDeal('offer', 'viewing', side)).toBe(true);
    }
    expect(OPEN_DEAL_STAGES).toEqual(['proposed', 'accepted', 'viewing', 'offer']);
  });
});
