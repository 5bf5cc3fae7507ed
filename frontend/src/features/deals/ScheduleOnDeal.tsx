import { useAppSelector } from '../../app/hooks.ts';
import { EventDialog } from '../agenda/EventDialog.tsx';
import { valuesForSlot } from '../agenda/eventForm.ts';
import { selectAgentId } from '../auth/authSlice.ts';
import { useClientOptions } from '../clients/api.ts';
import { usePropertyOptions } from '../properties/api.ts';
import { type Deal, useOpenDealOptions } from './api.ts';

/**
 * The agenda's event dialog, opened from a deal: a viewing of the listing in the caller's own agenda, linked
 * to the deal (both agents see it on the timeline), with the caller's side of the deal filled in — the
 * client for the agent who brought them, the listing for its agent. Loaded only when asked for.
 */
export default function ScheduleOnDeal({ deal, onClose }: { deal: Deal; onClose: () => void }) {
  const agentId = useAppSelector(selectAgentId) ?? '';
  const clients = useClientOptions();
  const properties = usePropertyOptions(agentId);
  const deals = useOpenDealOptions();
  const initialValues = {
    ...valuesForSlot(),
    title: `Viewing: ${deal.listing.title}`,
    dealId: deal.deal_id,
    clientId: deal.side === 'proposer' ? (deal.client_id ?? '') : '',
    propertyId: deal.side === 'listing' ? deal.listing.property_id : '',
  };
  return (
    <EventDialog
      initialValues={initialValues}
      clients={clients}
      properties={properties}
      deals={deals}
      onClose={onClose}
    />
  );
}
