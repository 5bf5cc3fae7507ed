import { defineRoutes } from '../route.ts';
import { agentIdParam } from '../schemas/agents.ts';
import { okBody } from '../schemas/common.ts';
import {
  connectionRequest,
  connectionRequestList,
  connectionStatusList,
  connectionStatusQuery,
  listConnectionRequestsQuery,
  respondToConnectionBody,
  sendConnectionRequestBody,
  withdrawConnectionRequestBody,
} from '../schemas/connections.ts';

/** Connections between agents (spec §7 "Connections, agents, agencies"). */
export const connectionsRoutes = defineRoutes({
  listConnectionRequests: {
    method: 'GET',
    path: '/api/connections/requests/{agentId}',
    handler: 'functions/connections/list-requests.ts',
    auth: 'token',
    access: 'signed-in',
    summary:
      "The signed-in agent's pending connection requests, newest first, with the other agent (only your own: another agentId is 404). `direction`: incoming (default, waiting for your answer) or outgoing (sent by you)",
    request: { path: agentIdParam, query: listConnectionRequestsQuery },
    response: connectionRequestList,
    resources: { table: 'read' },
  },
  sendConnectionRequest: {
    method: 'POST',
    path: '/api/connections/requests',
    handler: 'functions/connections/send-request.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    successStatus: 201,
    summary:
      'Ask another agent to connect (201). One pending request per pair in either direction, never to yourself or to an agent you are connected with (409). A pending request holds one of your connection slots',
    request: { body: sendConnectionRequestBody },
    response: connectionRequest,
    limit: 'connections',
    resources: { table: 'readwrite' },
  },
  respondToConnection: {
    method: 'PUT',
    path: '/api/connections/respond',
    handler: 'functions/connections/respond.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    summary:
      'Accept or decline a pending connection request (its receiver only; any other is 404). Accepting takes one of your connection slots and publishes ConnectionAccepted; declining frees the requester’s slot. Repeating the same answer changes nothing; the other answer is 409',
    request: { body: respondToConnectionBody },
    response: connectionRequest,
    limit: 'connections',
    resources: { table: 'readwrite', bus: true },
  },
  withdrawConnectionRequest: {
    method: 'PUT',
    path: '/api/connections/withdraw',
    handler: 'functions/connections/withdraw.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    summary:
      'Withdraw a connection request you sent that is still pending (its requester only; any other is 404); frees its connection slot',
    request: { body: withdrawConnectionRequestBody },
    response: okBody,
    resources: { table: 'readwrite' },
  },
  getConnectionStatuses: {
    method: 'GET',
    path: '/api/connections/status',
    handler: 'functions/connections/get-statuses.ts',
    auth: 'token',
    access: 'signed-in',
    summary:
      'How the caller stands with each of up to 100 agents (`agent_ids`, comma-separated): none, pending_sent, pending_received, connected or self, with the request id',
    request: { query: connectionStatusQuery },
    response: connectionStatusList,
    resources: { table: 'read' },
  },
});
