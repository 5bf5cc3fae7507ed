import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX as CONTRACT_MAX } from '#contracts/schemas/support';
import type { ChatMessage } from './api.ts';
import { CHAT_MESSAGE_MAX, lastSeenBefore, messageTime, unseenReplies } from './chatFormat.ts';

const message = (id: string, author: ChatMessage['author']): ChatMessage => ({
  id,
  author,
  author_name: author === 'agent' ? 'Sofia Reyes' : 'EstateNet Support',
  body: id,
  created_at: '2026-03-03T14:05:00.000Z',
});

const conversation = [
  message('a1', 'agent'),
  message('s1', 'support'),
  message('a2', 'agent'),
  message('s2', 'support'),
  message('s3', 'support'),
];

describe('support chat', () => {
  it("keeps the contract's message limit", () => {
    expect(CHAT_MESSAGE_MAX).toBe(CONTRACT_MAX);
  });

  it('counts the support replies after the last seen message', () => {
    expect(unseenReplies(conversation, 'a2')).toBe(2);
    expect(unseenReplies(conversation, 's3')).toBe(0);
    expect(unseenReplies(conversation, null)).toBe(3);
  });

  it("finds what was seen before the server's unread replies", () => {
    expect(lastSeenBefore(conversation, 0)).toBe('s3');
    expect(lastSeenBefore(conversation, 2)).toBe('a2');
    expect(lastSeenBefore(conversation, 3)).toBe('a1');
    expect(lastSeenBefore([message('s1', 'support')], 1)).toBeNull();
  });

  it('shows the time of a message of today, and the day of an older one', () => {
    const now = new Date('2026-03-03T18:00:00.000Z');
    expect(messageTime('2026-03-03T14:05:00.000Z', now, 'en-GB')).toMatch(/^\d{2}:\d{2}$/);
    expect(messageTime('2026-02-01T14:05:00.000Z', now, 'en-GB')).toMatch(/^1 Feb, \d{2}:\d{2}$/);
    expect(messageTime('not a date', now)).toBe('');
  });
});
