import { randomBytes } from 'node:crypto';
import type { AgentItem } from '#platform/accounts/entities';
import { isConditionFailure } from '#platform/data/entity';
import { gte } from '#platform/data/expression';
import { notFound } from '#platform/errors';
import { SupportConversation, SupportMessage, type SupportMessageItem, SupportStaff } from './entities.ts';

/** The support chat: messages in the account's partition, the conversation item in the support inbox. */

export const SUPPORT_NAME = 'EstateNet Support';
/** A conversation shows its latest messages; older ones stay stored. */
const HISTORY_LIMIT = 200;
const PREVIEW_LENGTH = 140;

export const messageView = (message: SupportMessageItem) => ({
  id: message.message_id,
  author: message.author,
  author_name: message.author_name,
  body: message.body,
  created_at: message.created_at,
});

/** The inbox exists only for support staff; to anyone else it is a 404. */
export async function assertSupportStaff(agentId: string): Promise<void> {
  if (!(await SupportStaff.get({ agent_id: agentId }))) throw notFound('Resource');
}

export async function conversationOf(agentId: string) {
  const page = await SupportMessage.query(
    'primary',
    { agent_id: agentId },
    { limit: HISTORY_LIMIT, descending: true, consistent: true },
  );
  return page.items.reverse().map(messageView);
}

/** Stores a message and moves the conversation to the top of the inbox, counting it unread for the other side. */
export async function postMessage(
  account: Pick<AgentItem, 'agent_id' | 'full_name' | 'email'>,
  author: { kind: 'agent' | 'support'; id: string; name: string },
  body: string,
) {
  const createdAt = new Date().toISOString();
  const message = await SupportMessage.create({
    agent_id: account.agent_id,
    message_id: `${createdAt}_${randomBytes(6).toString('hex')}`,
    author: author.kind,
    author_id: author.id,
    author_name: author.name,
    body,
    created_at: createdAt,
  });
  const preview = body.length > PREVIEW_LENGTH ? `${body.slice(0, PREVIEW_LENGTH - 1)}…` : body;
  const counter = author.kind === 'agent' ? 'unread_for_support' : 'unread_for_agent';
  await SupportConversation.update(
    { agent_id: account.agent_id },
    {
      set: {
        agent_name: account.full_name,
        agent_email: account.email,
        last_message_at: createdAt,
        last_message_preview: preview,
        last_author: author.kind,
      },
      add: { [counter]: 1 },
    },
    { mustExist: false },
  );
  return messageView(message);
}

/** Marks one side's unread messages read (a conditional reset: nothing to write when there are none). */
export async function markRead(agentId: string, side: 'unread_for_support' | 'unread_for_agent') {
  try {
    await SupportConversation.update(
      { agent_id: agentId },
      { set: { [side]: 0 } },
      { if: gte(side, 1), returnValues: 'none' },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
