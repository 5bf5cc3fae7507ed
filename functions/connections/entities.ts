import type * as z from 'zod/mini';
import type { connectionRequest } from '#contracts/schemas/connections';
import { defineEntity } from '#platform/data/entity';

/**
 * The network entities: connection requests (one item per request, its whole life) and the link of a
 * pair of agents (one item per pair while a request is pending or once they are connected). The link is
 * what makes "one pending request per pair, in either direction" and "not twice connected" hold under
 * concurrency: it is only ever created by a conditional put on the pair's own key.
 */

/** A request as stored: exactly the contract's connection request. */
export type ConnectionRequestItem = z.infer<typeof connectionRequest>;

export const ConnectionRequest = defineEntity<ConnectionRequestItem, 'id', 'status' | 'created_at'>()({
  type: 'connectionRequest',
  key: { pk: { prefix: 'CONNECTION_REQUEST', attributes: ['id'] }, sk: { prefix: 'REQUEST' } },
  indexes: {
    /** an agent's incoming requests by status, then time: the pending ones are its notification list */
    byReceiver: {
      index: 'gsi1',
      pk: { prefix: 'REQUESTS_TO', attributes: ['receiver_id'] },
      sk: { prefix: 'REQUEST', attributes: ['status', 'created_at', 'id'] },
    },
    /** the requests an agent sent, by status, then time */
    byRequester: {
      index: 'gsi2',
      pk: { prefix: 'REQUESTS_FROM', attributes: ['requester_id'] },
      sk: { prefix: 'REQUEST', attributes: ['status', 'created_at', 'id'] },
    },
  },
  defaults: () => ({ status: 'pending', created_at: new Date().toISOString() }),
});

export type ConnectionLinkState = 'pending' | 'connected';

export interface ConnectionLinkItem {
  /** the pair, ordered: agent_low < agent_high, so both directions name the same item */
  agent_low: string;
  agent_high: string;
  state: ConnectionLinkState;
  /** the pending request, or the one whose acceptance connected the pair */
  request_id: string;
  requester_id: string;
  receiver_id: string;
  created_at: string;
  connected_at?: string;
}

export const ConnectionLink = defineEntity<ConnectionLinkItem, 'agent_low' | 'agent_high'>()({
  type: 'connectionLink',
  key: {
    pk: { prefix: 'CONNECTION', attributes: ['agent_low', 'agent_high'] },
    sk: { prefix: 'LINK' },
  },
});

/** The key of the link between two agents, whichever asks. */
export function pairKey(one: string, other: string): Pick<ConnectionLinkItem, 'agent_low' | 'agent_high'> {
  return one < other ? { agent_low: one, agent_high: other } : { agent_low: other, agent_high: one };
}
