import { randomBytes } from 'node:crypto';
import { agendaFeedPath } from '#contracts/agenda-values';
import type { Identity } from '#platform/auth';
import { notFound } from '#platform/errors';
import { logger } from '#platform/logger';
import { AgendaFeed, type AgendaFeedItem, AgendaFeedToken } from './entities.ts';

/**
 * The secret feed address of an agent: a 256-bit random token, stored twice without a transaction — the
 * agent's AgendaFeed names its current token, and an AgendaFeedToken item lets the public route find the
 * agent. The public route trusts a token only while the agent's AgendaFeed still names it, so a rotation
 * or revocation takes effect at once even if deleting the old lookup item failed.
 */

/** The owner's feed routes take the caller's own agent id; anyone else's is answered as missing. */
export function assertOwnFeed(identity: Identity, agentId: string): void {
  if (agentId !== identity.agentId) throw notFound('Calendar feed');
}

export const feedView = (feed: AgendaFeedItem | undefined) =>
  feed
    ? { enabled: true, path: agendaFeedPath(feed.token), created_at: feed.created_at }
    : { enabled: false };

const newToken = () => randomBytes(32).toString('base64url');

/** A fresh token replaces the agent's current one, which stops working. */
export async function rotateFeed(agentId: string): Promise<AgendaFeedItem> {
  const feed = { agent_id: agentId, token: newToken(), created_at: new Date().toISOString() };
  await AgendaFeedToken.create({ token: feed.token, agent_id: agentId, created_at: feed.created_at });
  let previous: AgendaFeedItem | undefined;
  try {
    previous = await AgendaFeed.update(
      { agent_id: agentId },
      { set: { token: feed.token, created_at: feed.created_at } },
      { mustExist: false, returnValues: 'old' },
    );
  } catch (error) {
    await AgendaFeedToken.delete({ token: feed.token });
    throw error;
  }
  if (previous?.token) await forgetToken(previous.token);
  return feed;
}

/** Turns the feed off: its token stops working. */
export async function revokeFeed(agentId: string): Promise<void> {
  const previous = await AgendaFeed.delete({ agent_id: agentId });
  if (previous?.token) await forgetToken(previous.token);
}

/** The agent behind a token, while the token is its current one. */
export async function agentOfToken(token: string): Promise<string | undefined> {
  const lookup = await AgendaFeedToken.get({ token });
  if (!lookup) return undefined;
  const feed = await AgendaFeed.get({ agent_id: lookup.agent_id });
  return feed?.token === token ? lookup.agent_id : undefined;
}

async function forgetToken(token: string): Promise<void> {
  try {
    await AgendaFeedToken.delete({ token });
  } catch (error) {
    // harmless: the public route also checks the agent's current token
    logger.warn('old feed token not deleted', { error: error as Error });
  }
}
