// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import grapesjs, { type Editor } from 'grapesjs';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { authState } from '../../test/renderWithProviders.tsx';
import { projectDataOf } from './editorContent.ts';
import type { Website } from './types.ts';
import { type EditorSession, useWebsiteActions } from './useWebsiteActions.ts';
import { useWebsiteState, WebsiteProvider } from './WebsiteProvider.tsx';
import { etagSet } from './websiteSlice.ts';

const STALE = 'This website was changed elsewhere since you opened it.';

const site: Website = {
  id: 'w1',
  website_id: 'w1',
  agent_id: 'agent-1',
  name: 'Harbor & Pine',
  title: 'Harbor & Pine',
  status: 'draft',
  theme_id: null,
  settings: {},
  last_published: null,
  globalComponentStats: { total: 0, active: 0, lastUpdated: null },
  created_at: '2026-01-01T00:00:00.000Z',
};

interface Sent {
  method: string;
  path: string;
  ifMatch: string | null;
}

/** The API as the editor meets it: each answer in turn, every request recorded. */
function stubApi(answers: Array<{ status: number; etag?: string; body?: unknown }>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname,
        ifMatch: request.headers.get('If-Match'),
      });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected ${request.method} ${request.url}`);
      return new Response(JSON.stringify(answer.body ?? site), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...(answer.etag ? { ETag: answer.etag } : {}) },
      });
    }),
  );
  return sent;
}

let editor: Editor;
beforeEach(() => {
  editor = grapesjs.init({ headless: true, storageManager: false, projectData: projectDataOf(undefined) });
});
afterEach(() => {
  editor.destroy();
  vi.unstubAllGlobals();
});

/** The editor's save actions on a website opened with ETag `"1"`, in a real store. */
function openEditor() {
  const store = makeStore({ auth: authState({ token: 'jwt', agentId: 'agent-1', isAuthenticated: true }) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <WebsiteProvider>{children}</WebsiteProvider>
    </Provider>
  );
  const session = (): EditorSession => ({
    editor,
    pageOrder: editor.Pages.getAll().map((page) => page.getId()),
    settings: {},
    title: 'Harbor & Pine',
    baselines: new Map(),
  });
  const onSaved = vi.fn();
  const hook = renderHook(
    () => ({ website: useWebsiteState(), actions: useWebsiteActions(site, session, onSaved) }),
    { wrapper },
  );
  act(() => hook.result.current.website.dispatch(etagSet('"1"')));
  return { ...hook, onSaved };
}

describe('saving the website editor', () => {
  it('sends the ETag it loaded as If-Match, and the next save the ETag the last one answered', async () => {
    const sent = stubApi([
      { status: 200, etag: '"2"' },
      { status: 200, etag: '"3"' },
    ]);
    const { result, onSaved } = openEditor();

    await act(() => result.current.actions.save());
    expect(result.current.website.state.etag).toBe('"2"');
    await act(() => result.current.actions.save());

    expect(sent.map((request) => [request.method, request.path, request.ifMatch])).toEqual([
      ['PUT', '/websites/w1', '"1"'],
      ['PUT', '/websites/w1', '"2"'],
    ]);
    expect(result.current.website.state.etag).toBe('"3"');
    expect(onSaved).toHaveBeenCalledTimes(2);
    expect(result.current.actions.conflict).toBe(false);
  });

  it('opens the conflict on a 412 and sends nothing more until the agent chooses; Cancel keeps editing', async () => {
    const sent = stubApi([{ status: 412, body: { error: STALE, reason: 'stale_website' } }]);
    const { result, onSaved } = openEditor();

    const saved = await act(() => result.current.actions.save());

    expect(saved).toBeNull();
    expect(result.current.actions.conflict).toBe(true);
    expect(result.current.actions.saveError).toBe(STALE);
    expect(onSaved).not.toHaveBeenCalled();
    // the editor's ETag is still the one it loaded: nothing was saved
    expect(result.current.website.state.etag).toBe('"1"');
    expect(sent).toHaveLength(1);

    act(() => result.current.actions.dismissConflict());
    expect(result.current.actions.conflict).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('"Keep my version" reads the current ETag afresh and saves over it', async () => {
    const sent = stubApi([
      { status: 412, body: { error: STALE, reason: 'stale_website' } },
      { status: 200, etag: '"7"' },
      { status: 200, etag: '"8"' },
    ]);
    const { result, onSaved } = openEditor();
    await act(() => result.current.actions.save());
    expect(result.current.actions.conflict).toBe(true);

    const kept = await act(() => result.current.actions.keepMine());

    expect(kept?.id).toBe('w1');
    expect(sent.map((request) => [request.method, request.ifMatch])).toEqual([
      ['PUT', '"1"'],
      ['GET', null],
      ['PUT', '"7"'],
    ]);
    expect(result.current.actions.conflict).toBe(false);
    expect(result.current.actions.saveError).toBeNull();
    expect(result.current.website.state.etag).toBe('"8"');
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('keeps the conflict open when the website changed yet again before "Keep my version" saved', async () => {
    stubApi([
      { status: 412, body: { error: STALE, reason: 'stale_website' } },
      { status: 200, etag: '"7"' },
      { status: 412, body: { error: STALE, reason: 'stale_website' } },
    ]);
    const { result } = openEditor();
    await act(() => result.current.actions.save());

    expect(await act(() => result.current.actions.keepMine())).toBeNull();
    await waitFor(() => expect(result.current.actions.keepingMine).toBe(false));
    expect(result.current.actions.conflict).toBe(true);
    expect(result.current.website.state.etag).toBe('"1"');
  });
});
