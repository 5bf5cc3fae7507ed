import { randomUUID } from 'node:crypto';
import type { ConnectionState } from '#contracts/schemas/connections';
import { Agent } from './data/accounts.ts';
import { isConditionFailure } from './data/entity.ts';
import { and, eq } from './data/expression.ts';
import {
  ConnectionLink,
  type ConnectionLinkItem,
  ConnectionRequest,
  type ConnectionRequestItem,
  pairKey,
} from './data/network.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { type LimitSubject, releaseFeature, reserveFeature } from './limits.ts';
import { logger } from './logger.ts';

/**
 * Connection requests between agents: sending, answering, withdrawing and the state of a pair.
 *
 * DynamoDB transactions are not available in the local cloud (dynalite), so every multi-item change is a
 * sequence of conditional single-item writes in a fixed order, each undone if a later one fails:
 * the pair's link (one per pair, created only if absent) guards duplicates in both directions, the
 * request's own conditional status change decides a race between two answers, and the `connections`
 * usage counter (functions/lib/limits.ts) is one atomic conditional increment.
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

/** A pending link older than this whose request does not exist was left by a send that never finished. */
const STALE_LINK_MS = 60_000;

const now = () => new Date().toISOString();

/** Runs an undo step; its own failure is logged, so the error that made it necessary is the one thrown. */
async function undo(step: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    logger.error('connection compensation failed', { step, error: error as Error });
  }
}

const ignoreConditionFailure = (error: unknown) => {
  if (!isConditionFailure(error)) throw error;
};

/** Removes the link of a pair only while it still belongs to this request and is pending. */
const removePendingLink = (request: ConnectionRequestItem) =>
  ConnectionLink.delete(pairKey(request.requester_id, request.receiver_id), {
    if: and(eq('request_id', request.id), eq('state', 'pending')),
  }).catch(ignoreConditionFailure);

function duplicateMessage(link: ConnectionLinkItem, callerId: string): string {
  if (link.state === 'connected') return ALREADY_CONNECTED_MESSAGE;
  return link.requester_id === callerId ? ALREADY_SENT_MESSAGE : ALREADY_RECEIVED_MESSAGE;
}

async function isStale(link: ConnectionLinkItem): Promise<boolean> {
  if (link.state !== 'pending' || Date.now() - Date.parse(link.created_at) < STALE_LINK_MS) return false;
  return !(await ConnectionRequest.get({ id: link.request_id }, { consistent: true }));
}

/** Takes the pair's link for a new request; 409 when the pair already has a pending request or is connected. */
async function claimLink(link: ConnectionLinkItem, callerId: string): Promise<void> {
  const key = pairKey(link.agent_low, link.agent_high);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await ConnectionLink.create(link);
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const existing = await ConnectionLink.get(key, { consistent: true });
    if (!existing) continue; // removed in between: try again
    if (await isStale(existing)) {
      await ConnectionLink.delete(key, {
        if: and(eq('request_id', existing.request_id), eq('state', 'pending')),
      }).catch(ignoreConditionFailure);
      continue;
    }
    throw conflict(duplicateMessage(existing, callerId));
  }
  throw conflict('This connection is changing right now. Please try again');
}

/**
 * Sends a connection request from `requester` to `receiverId`: the link of the pair first (duplicates
 * answer 409 before any limit), then one slot of the requester's plan (402 when full), then the request.
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
  await claimLink(
    {
      ...pairKey(request.requester_id, request.receiver_id),
      state: 'pending',
      request_id: request.id,
      requester_id: request.requester_id,
      receiver_id: request.receiver_id,
      created_at: request.created_at,
    },
    requester.agentId,
  );
  try {
    await reserveFeature(requester, 'connections');
  } catch (error) {
    await undo('remove link', () => removePendingLink(request));
    throw error;
  }
  try {
    return await ConnectionRequest.create(request);
  } catch (error) {
    await undo('release slot', () => releaseFeature(requester, 'connections'));
    await undo('remove link', () => removePendingLink(request));
    throw error;
  }
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

/**
 * Moves a pending request to its answer. The condition on `status` is what decides between two
 * concurrent answers (or an answer and a withdrawal): exactly one of them changes the request.
 */
function answerRequest(request: ConnectionRequestItem, status: 'accepted' | 'declined') {
  return ConnectionRequest.update(
    { id: request.id },
    {
      // the index keys include these, so an update that moves the status rewrites them from here
      set: {
        status,
        responded_at: now(),
        requester_id: request.requester_id,
        receiver_id: request.receiver_id,
        created_at: request.created_at,
      },
    },
    { if: eq('status', 'pending') },
  );
}

export interface Answered {
  request: ConnectionRequestItem;
  /** false when the request already had this answer (a repeated call changes nothing) */
  changed: boolean;
}

/** A request that is no longer pending: the same answer again is fine, the other one is a conflict. */
async function alreadyAnswered(
  request: ConnectionRequestItem,
  status: 'accepted' | 'declined',
): Promise<Answered> {
  if (request.status !== status) throw conflict(alreadyAnsweredMessage(request.status));
  // Finish what an interrupted first answer may have left undone (both steps are no-ops otherwise).
  if (status === 'accepted') await connectLink(request);
  else await removePendingLink(request);
  return { request, changed: false };
}

function connectLink(request: ConnectionRequestItem) {
  return ConnectionLink.update(
    pairKey(request.requester_id, request.receiver_id),
    { set: { state: 'connected', connected_at: request.responded_at ?? now() } },
    { if: eq('request_id', request.id), returnValues: 'none' },
  ).catch(ignoreConditionFailure);
}

/**
 * The receiver accepts or declines. Accepting reserves one slot of the receiver's plan first (402 when
 * full: the request stays pending, so it can be accepted after an upgrade); declining frees the
 * requester's slot.
 */
export async function answer(
  receiver: LimitSubject,
  requestId: string,
  status: 'accepted' | 'declined',
): Promise<Answered> {
  const request = await requestOf(requestId, receiver.agentId, 'receiver');
  if (request.status !== 'pending') return alreadyAnswered(request, status);

  if (status === 'accepted') await reserveFeature(receiver, 'connections');
  let answered: ConnectionRequestItem;
  try {
    answered = await answerRequest(request, status);
  } catch (error) {
    if (status === 'accepted') await undo('release slot', () => releaseFeature(receiver, 'connections'));
    if (!isConditionFailure(error)) throw error;
    const current = await ConnectionRequest.get({ id: requestId }, { consistent: true });
    if (!current) throw notFound('Connection request');
    return alreadyAnswered(current, status);
  }

  if (status === 'accepted') {
    await connectLink(answered);
  } else {
    await removePendingLink(answered);
    // giving back needs only whose counter it is (the plan matters when taking, not when freeing)
    await releaseFeature({ agentId: answered.requester_id, role: receiver.role }, 'connections');
  }
  return { request: answered, changed: true };
}

/** The requester takes back a request that is still pending; its slot is freed. */
export async function withdraw(requester: LimitSubject, requestId: string): Promise<void> {
  const request = await requestOf(requestId, requester.agentId, 'requester');
  if (request.status !== 'pending') throw conflict(alreadyAnsweredMessage(request.status));
  try {
    await ConnectionRequest.delete({ id: request.id }, { if: eq('status', 'pending') });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const current = await ConnectionRequest.get({ id: requestId }, { consistent: true });
    if (!current) throw notFound('Connection request');
    throw conflict(alreadyAnsweredMessage(current.status));
  }
  await removePendingLink(request);
  await releaseFeature(requester, 'connections');
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
