// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import type { DealTimelineEntry } from './api.ts';
import { DealStepper } from './DealStepper.tsx';

const actor = { agent_id: 'agent-a', full_name: 'Alma Proposer' };
const moved = (from: DealTimelineEntry['from'], to: DealTimelineEntry['to']): DealTimelineEntry => ({
  entry_id: `${from}-${to}`,
  kind: 'moved',
  at: '2026-11-02T10:00:00.000Z',
  actor,
  from,
  to,
});
const stagesShown = () =>
  within(screen.getByRole('list', { name: 'Deal stages' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the deal stepper', () => {
  it('shows a stage the deal passed over as skipped, not done', () => {
    renderWithProviders(
      <DealStepper
        status="closed"
        timeline={[moved('proposed', 'accepted'), moved('accepted', 'viewing'), moved('viewing', 'closed')]}
      />,
    );
    expect(stagesShown()).toEqual([
      'Proposed (done)',
      'Accepted (done)',
      'Viewing (done)',
      'Offer (skipped)',
      'Closed (current)',
    ]);
  });

  it('ends a declined proposal right after Proposed', () => {
    renderWithProviders(<DealStepper status="declined" timeline={[moved('proposed', 'declined')]} />);
    expect(stagesShown()).toEqual(['Proposed (done)', 'Declined (current)']);
  });
});
