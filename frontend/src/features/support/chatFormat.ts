import type { ChatMessage } from './api.ts';

/** The contract's CHAT_MESSAGE_MAX, without its schemas in the chat's bundle (chatFormat.test.ts keeps them equal). */
export const CHAT_MESSAGE_MAX = 2000;

/** `14:05` today, `3 Mar, 14:05` on another day (in the viewer's time zone). */
export function messageTime(iso: string, now = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === now.toDateString()) return time;
  return `${date.toLocaleDateString(locale, { day: 'numeric', month: 'short' })}, ${time}`;
}

/** Support replies after the last message the agent has seen (all of them when it has seen none). */
export function unseenReplies(messages: readonly ChatMessage[], lastSeenId: string | null): number {
  const seenAt = lastSeenId ? messages.findIndex((message) => message.id === lastSeenId) : -1;
  return messages.slice(seenAt + 1).filter((message) => message.author === 'support').length;
}

/**
 * The last message the agent had seen when the conversation loaded: the one before its `unread` latest
 * support replies (the server counts them, and marks them read as it answers).
 */
export function lastSeenBefore(messages: readonly ChatMessage[], unread: number): string | null {
  let replies = 0;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (replies === unread) return messages[index]!.id;
    if (messages[index]!.author === 'support') replies += 1;
  }
  return null;
}
