import type * as z from 'zod/mini';
import type {
  connectionRequest,
  connectionRequestList,
  connectionRequestListItem,
  connectionStatus,
} from '#contracts/schemas/connections';

/** Types of the connection endpoints, derived from the contract's schemas. */
export type ConnectionRequest = z.infer<typeof connectionRequest>;
export type ConnectionRequestListItem = z.infer<typeof connectionRequestListItem>;
export type ConnectionRequestList = z.infer<typeof connectionRequestList>;
export type ConnectionStatus = z.infer<typeof connectionStatus>;
export type ConnectionState = ConnectionStatus['state'];
export type ConnectionDirection = 'incoming' | 'outgoing';
