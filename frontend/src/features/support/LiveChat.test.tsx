// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { LIVE_CHAT_KEY, liveChatFlipped } from '../shell/liveChatSlice.ts';
import LiveChat, { CHAT_EXPANDED_KEY } from './LiveChat.tsx';
import { forgetSupportWidgetConfig, WIDGET_SCRIPT_ATTRIBUTE } from './supportWidget.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The account settings and support chat endpoints, and /app-config.json with or without a widget. */
function server({ liveChat, widget }: { liveChat: boolean; widget?: string }) {
  const saved = { live_chat: liveChat };
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const request = typeof input === 'string' ? new Request(`http://app.test${input}`) : input;
      const path = new URL(request.url).pathname;
      if (path === '/app-config.json') return json(widget ? { supportChatWidgetUrl: widget } : {});
      if (path === '/api/account-settings') {
        if (request.method === 'PUT') {
          const body = (await request.json()) as { live_chat: boolean };
          puts.push(body);
          saved.live_chat = body.live_chat;
        }
        return json({ agentId: 'agent-1', notifications: {}, live_chat: saved.live_chat });
      }
      if (path === '/api/support/chat') return json({ agentId: 'agent-1', messages: [], unread: 0 });
      return json({ error: 'Not found' }, 404);
    }),
  );
  return { puts, saved };
}

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-1', isAuthenticated: true }) };

beforeEach(() => {
  localStorage.removeItem(CHAT_EXPANDED_KEY);
  forgetSupportWidgetConfig();
  localStorage.removeItem(LIVE_CHAT_KEY);
  document.querySelector(`script[${WIDGET_SCRIPT_ATTRIBUTE}]`)?.remove();
});
afterEach(() => vi.unstubAllGlobals());

describe('live chat', () => {
  it("takes the account's stored setting and opens the in-app chat panel", async () => {
    server({ liveChat: true });
    const { store } = renderWithProviders(<LiveChat />, { preloadedState: signedIn });
    expect(await screen.findByRole('log', { name: 'Support conversation' })).toBeTruthy();
    expect(store.getState().liveChat.on).toBe(true);
    expect(localStorage.getItem(LIVE_CHAT_KEY)).toBe('on');
  });

  it('stays minimised on the next page once the agent minimised it, and opens again when asked', async () => {
    server({ liveChat: true });
    const store = makeStore(signedIn);
    const first = renderWithProviders(<LiveChat />, { store });
    await screen.findByRole('log', { name: 'Support conversation' });
    act(() => screen.getByRole('button', { name: 'Minimise chat' }).click());
    await screen.findByRole('button', { name: /Support chat/ });
    first.unmount();

    // the next page (or visit) mounts the controller again: the launcher, not the panel over the content
    const next = renderWithProviders(<LiveChat />, { store });
    const launcher = await screen.findByRole('button', { name: /Support chat/ });
    expect(screen.queryByRole('log', { name: 'Support conversation' })).toBeNull();
    act(() => launcher.click());
    await screen.findByRole('log', { name: 'Support conversation' });
    next.unmount();
    renderWithProviders(<LiveChat />, { store });
    expect(await screen.findByRole('log', { name: 'Support conversation' })).toBeTruthy();
  });

  it("saves the agent's flip of the toggle to the account", async () => {
    const api = server({ liveChat: false });
    const { store } = renderWithProviders(<LiveChat />, { preloadedState: signedIn });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    act(() => void store.dispatch(liveChatFlipped(true)));
    await waitFor(() => expect(api.puts).toEqual([{ live_chat: true }]));
    expect(await screen.findByRole('region', { name: 'Live Chat' })).toBeTruthy();
  });

  it('saves a flip made before the controller loaded, and the stored value read meanwhile does not undo it', async () => {
    const api = server({ liveChat: false });
    const store = makeStore(signedIn);
    store.dispatch(liveChatFlipped(true)); // the shell's toggle, clicked before the controller's chunk arrived
    renderWithProviders(<LiveChat />, { store });
    await waitFor(() => expect(api.puts).toEqual([{ live_chat: true }]));
    expect(await screen.findByRole('region', { name: 'Live Chat' })).toBeTruthy();
    expect(store.getState().liveChat.on).toBe(true);
    expect(api.saved.live_chat).toBe(true);
  });

  it('loads a configured widget instead of the in-app chat, only while Live Chat is on', async () => {
    server({ liveChat: false, widget: 'https://widget.example/chat.js' });
    const { store } = renderWithProviders(<LiveChat />, { preloadedState: signedIn });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
    expect(document.querySelector(`script[${WIDGET_SCRIPT_ATTRIBUTE}]`)).toBeNull();

    act(() => void store.dispatch(liveChatFlipped(true)));
    await waitFor(() =>
      expect(document.querySelector(`script[${WIDGET_SCRIPT_ATTRIBUTE}]`)?.getAttribute('src')).toBe(
        'https://widget.example/chat.js',
      ),
    );
    expect(screen.queryByRole('region', { name: 'Live Chat' })).toBeNull();
  });
});
