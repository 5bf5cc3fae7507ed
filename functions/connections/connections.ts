import { randomUUID } from 'node:crypto';
import type { ConnectionState } from '#contracts/schemas/connections';
import { Agent } from '#platform/accounts/entities';
import {
  type LimitSubject,
  limitReachedError,
  releaseFeatureAction,
  reserveFeatureAction,
} from '#platform/accounts/limits';
import { cancellationCodes, type TransactAction, transactWrite } from '#platform/data/entity';
import { and, eq } from '#platform/data/expression';
import { badRequest, conflict, notFound } from '#platform/errors';
import { logger } from '#platform/logger';
import {
  ConnectionLink,
  type ConnectionLinkItem,
  ConnectionRequest,
  type ConnectionRequestItem,
  pairKey,
} from './entities.ts';

/**
 * Connection requests between agents: sending, answering, withdrawing and the state of a pair.
 *
 * Every change is one DynamoDB transaction over the request, the pair's link (one item per pair, so
 * "one pending request per pair, in either direction" and "never connected twice" are conditions on a
 * single key) and the plan's `connections` usage counter (the same conditional increment as
 * functions/platform/accounts/limits.ts): all of it happens or none of it, and a cancelled transaction names the
 * condition that failed, which picks the answer (409 duplicate, 402 limit, 409 already answered).
 *
 * What counts against the plan's `connections` limit: a pending request holds one slot of its requester
 * (so 2 × limit requests sent at once still end at the limit); accepting takes one slot of the receiver;
 * an accepted connection then holds one slot on each side. Declining or withdrawing frees the
 * requester's slot.
 */

export const SELF_REQUEST_MESSAGE = 'You cannot send a connection request to yourself';
export const ALREADY_SENT_MESSAGE = 'You have already sent a connection request to this agent';
export const ALREADY_RECEIVED_MESSAGE =
  'This agent has already sent you a connection request. Accept or decline it instead';
export const ALREADY_CONNECTED_MESSAGE = 'You are already connected with this agent';
export const alreadyAnsweredMessage = (status: string) => `This connection request was already ${status}`;
const BUSY_MESSAGE = 'This connection is changing right now. Please try again';

const now = () => new Date().toISOString();

/**
 * Runs a transaction. Answers undefined when it went through, or, when a condition cancelled it, which
 * actions failed (by position). Conflicts with concurrent transactions are sent again by `transactWrite`.
 */
async function runTransaction(actions: readonly TransactAction[]): Promise<boolean[] | undefined> {
  try {
    await transactWrite(actions);
    return undefined;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes?.includes('ConditionalCheckFailed')) throw error;
    return codes.map((code) => code === 'ConditionalCheckFailed');
  }
}

function duplicateMessage(link: ConnectionLinkItem, callerId: string): string {
  if (link.state === 'connected') return ALREADY_CONNECTED_MESSAGE;
  return link.requester_id === callerId ? ALREADY_SENT_MESSAGE : ALREADY_RECEIVED_MESSAGE;
}

/** The condition under which a request's link may change: it still belongs to that pending request. */
const linkOf = (request: ConnectionRequestItem) => pairKey(request.requester_id, request.receiver_id);
const pendingLinkOf = (request: ConnectionRequestItem) =>
  and(eq('request_id', request.id), eq('state', 'pending'));

/**
 * Sends a connection request from `requester` to `receiverId`: the request, the pair's link (absent, or
 * 409) and one slot of the requester's plan (402 when full), in one transaction.
 */
export async function sendRequest(
  requester: LimitSubject,
  receiverId: string,
): Promise<ConnectionRequestItem> {
  if (receiverId === requester.agentId) {
    throw badRequest(SELF_REQUEST_MESSAGE, { receiver_id: 'must be another agent' });
  }
  if (!(await Agent.get({ agent_id: receiverId }))) throw notFound('Agent');
  const request: ConnectionRequestItem = {
    id: randomUUID(),
    requester_id: requester.agentId,
    receiver_id: receiverId,
    status: 'pending',
    created_at: now(),
  };
  const link: ConnectionLinkItem = {
    ...linkOf(request),
    state: 'pending',
    request_id: request.id,
    requester_id: request.requester_id,
    receiver_id: request.receiver_id,
    created_at: request.created_at,
  };
  // the link may vanish between a refused transaction and the read of it (a decline): then try again
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const failed = await runTransaction([
      ConnectionLink.transact.create(link),
      ConnectionRequest.transact.create(request),
      reserveFeatureAction(requester, 'connections'),
    ]);
    if (!failed) return request;
    if (failed[0]) {
      const existing = await ConnectionLink.get(linkOf(request), { consistent: true });
      if (existing) throw conflict(duplicateMessage(existing, requester.agentId));
      continue;
    }
    if (failed[2]) throw await limitReachedError(requester, 'connections');
    throw new Error('connection request: unexpected transaction cancellation');
  }
  throw conflict(BUSY_MESSAGE);
}

/** A request the caller may act on as `role`; anyone else's is answered like a missing one. */
async function requestOf(
  requestId: string,
  callerId: string,
  role: 'receiver' | 'requester',
): Promise<ConnectionRequestItem> {
  const request = await ConnectionRequest.get({ id: requestId }, { consistent: true });
  if (!request || request[`${role}_id`] !== callerId) throw notFound('Connection request');
  return request;
}

export interface Answered {
  request: ConnectionRequestItem;
  /** false when the request already had this answer (a repeated call changes nothing) */
  changed: boolean;
}

/** A request that is no longer pending: the same answer again is fine, the other one is a conflict. */
function alreadyAnswered(request: ConnectionRequestItem, status: 'accepted' | 'declined'): Answered {
  if (request.status !== status) throw conflict(alreadyAnsweredMessage(request.status));
  return { request, changed: false };
}

/**
 * The receiver accepts or declines, in one transaction with the pair's link and the usage counters.
 * Accepting takes one slot of the receiver's plan (402 when full: the request stays pending, so it can
 * be accepted after an upgrade) and marks the pair connected; declining frees the pair and the
 * requester's slot. The condition on the request's status decides between concurrent answers.
 */
export async function answer(
  receiver: LimitSubject,
  requestId: string,
  status: 'accepted' | 'declined',
): Promise<Answered> {
  const request = await requestOf(requestId, receiver.agentId, 'receiver');
  if (request.status !== 'pending') return alreadyAnswered(request, status);
  const answered: ConnectionRequestItem = { ...request, status, responded_at: now() };

  // Steps a stored pair no longer matches (a link or counter changed outside this flow) are repaired or
  // left out on the next attempt rather than blocking the answer for good.
  let linkMatches = true;
  let counterMatches = true;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const linkAction =
      status === 'accepted'
        ? linkMatches
          ? ConnectionLink.transact.update(
              linkOf(request),
              { set: { state: 'connected', connected_at: answered.responded_at } },
              { if: pendingLinkOf(request) },
            )
          : ConnectionLink.transact.put({
              ...linkOf(request),
              state: 'connected',
              request_id: request.id,
              requester_id: request.requester_id,
              receiver_id: request.receiver_id,
              created_at: request.created_at,
              connected_at: answered.responded_at!,
            })
        : linkMatches
          ? ConnectionLink.transact.delete(linkOf(request), { if: pendingLinkOf(request) })
          : undefined;
    const usageAction =
      status === 'accepted'
        ? reserveFeatureAction(receiver, 'connections')
        : counterMatches
          ? releaseFeatureAction({ agentId: request.requester_id }, 'connections')
          : undefined;
    const actions = [
      ConnectionRequest.transact.put(answered, { if: eq('status', 'pending') }),
      linkAction,
      usageAction,
    ];
    const failed = await runTransaction(actions.filter((action) => action !== undefined));
    if (!failed) return { request: answered, changed: true };
    const [requestFailed, ...rest] = failed;
    if (requestFailed) {
      const current = await ConnectionRequest.get({ id: requestId }, { consistent: true });
      if (!current) throw notFound('Connection request');
      return alreadyAnswered(current, status);
    }
    const linkFailed = linkAction ? rest.shift() : false;
    const usageFailed = usageAction ? rest.shift() : false;
    if (usageFailed && status === 'accepted') throw await limitReachedError(receiver, 'connections');
    if (linkFailed) {
      logger.warn('connection link out of step with its request', { requestId });
      linkMatches = false;
    }
    if (usageFailed) counterMatches = false;
  }
  throw conflict(BUSY_MESSAGE);
}

/** The requester takes back a request that is still pending: request, link and slot go together. */
export async function withdraw(requester: LimitSubject, requestId: string): Promise<void> {
  const request = await requestOf(requestId, requester.agentId, 'requester');
  if (request.status !== 'pending') throw conflict(alreadyAnsweredMessage(request.status));
  let linkMatches = true;
  let counterMatches = true;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const actions = [
      ConnectionRequest.transact.delete({ id: request.id }, { if: eq('status', 'pending') }),
      linkMatches
        ? ConnectionLink.transact.delete(linkOf(request), { if: pendingLinkOf(request) })
        : undefined,
      counterMatches ? releaseFeatureAction(requester, 'connections') : undefined,
    ];
    const failed = await runTransaction(actions.filter((action) => action !== undefined));
    if (!failed) return;
    const [requestFailed, ...rest] = failed;
    if (requestFailed) {
      const current = await ConnectionRequest.get({ id: requestId }, { consistent: true });
      if (!current) throw notFound('Connection request');
      throw conflict(alreadyAnsweredMessage(current.status));
    }
    if (linkMatches && rest.shift()) linkMatches = false;
    if (counterMatches && rest.shift()) counterMatches = false;
  }
  throw conflict(BUSY_MESSAGE);
}

export interface PairStatus {
  agent_id: string;
  state: ConnectionState;
  request_id?: string;
  since?: string;
}

/** How `agentId` stands with each of `otherIds` (one consistent BatchGetItem of the pairs' links). */
export async function pairStatuses(agentId: string, otherIds: readonly string[]): Promise<PairStatus[]> {
  const others = otherIds.filter((other) => other !== agentId);
  const links = await ConnectionLink.getMany(
    others.map((other) => pairKey(agentId, other)),
    { consistent: true },
  );
  const byOther = new Map(
    links.map((link) => [link.agent_low === agentId ? link.agent_high : link.agent_low, link]),
  );
  return otherIds.map((other): PairStatus => {
    if (other === agentId) return { agent_id: other, state: 'self' };
    const link = byOther.get(other);
    if (!link) return { agent_id: other, state: 'none' };
    if (link.state === 'connected') {
      return {
        agent_id: other,
        state: 'connected',
        request_id: link.request_id,
        ...(link.connected_at ? { since: link.connected_at } : {}),
      };
    }
    return {
      agent_id: other,
      state: link.requester_id === agentId ? 'pending_sent' : 'pending_received',
      request_id: link.request_id,
      since: link.created_at,
    };
  });
}
