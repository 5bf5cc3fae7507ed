import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, createTestAgent, formBody, jsonBody } from '../support/agents.ts';
import { appUrl, signInWithPassword, TEST_PASSWORD, useBrowser } from './helpers.ts';

/**
 * The narrowest phone the app supports (360 px) with the longest names the API takes: 120 characters for
 * an agent, a client and a listing's title. No screen may scroll sideways (issue 21: a long name pushed
 * the phone directory 770 px wide).
 */
const PHONE = { width: 360, height: 740 };

/** 120 characters of words and one long unbroken word, as people do type them. */
const longName = (start: string) =>
  `${start} ${'Wolfeschlegelsteinhausenbergerdorff'} ${'van der '.repeat(12)}`.slice(0, 120);

/** How far the page scrolls sideways, in CSS px (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('phones with long names', () => {
  const { openPage } = useBrowser();
  beforeAll(() => {
    // the test agent is written through the entity layer, against this project's cloud
    Object.assign(process.env, inject('cloud').env);
  });

  it('no signed-in screen scrolls sideways at 360 px', async () => {
    const suffix = randomUUID().slice(0, 6);
    const agent = await createTestAgent({
      role: 'Agent',
      fullName: longName(`Amélie ${suffix}`),
      city: 'Vila Nova de Famalicão e Calendário e Gavião e Ribeirão e Outras Freguesias Unidas',
    });
    const listing = await callApi('/api/addProperty', {
      ...formBody({ title: longName('Penthouse'), price: '990000', city: 'Lisbon' }),
      token: agent.token,
    });
    expect(listing.status).toBe(201);
    const client = await callApi('/api/clients', {
      ...jsonBody('POST', { full_name: longName('Client'), email: `client-${suffix}@example.com` }),
      token: agent.token,
    });
    expect(client.status).toBe(201);

    // signed in on a wide screen (the sign-in helper waits for the sidebar), then the phone's width
    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    await page.setViewportSize(PHONE);
    const screens = [
      '/agents/profile',
      `/agents/all-agents?q=${encodeURIComponent(`Amélie ${suffix}`)}`,
      `/pages/agent/profile/${agent.agentId}`,
      '/properties/property-list',
      `/properties/details/${((await listing.json()) as { propertyId: string }).propertyId}`,
      '/clients',
      '/agenda',
      '/cloud',
      '/notifications',
      '/settings',
    ];
    const overflowing: string[] = [];
    for (const path of screens) {
      await page.goto(appUrl(path));
      await page.waitForLoadState('networkidle');
      await page.locator('main :is(h1, h2)').first().waitFor();
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing.push(`${path}: ${overflow} px`);
    }
    expect(overflowing).toEqual([]);
    await page.context().close();
  });
});
