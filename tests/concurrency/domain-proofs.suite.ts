import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainClaim, WebsiteDomain } from '#functions/website-domains/entities';
import { websiteIdForHost } from '#functions/website-domains/website-domains';
import { Website } from '#functions/websites/entities';
import { handler as checkDomainProofs } from '../../events/consumers/check-domain-proofs.ts';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { checkDomain, claimDomain, type DomainView, setDnsTxt, websiteDomains } from '../support/domains.ts';

/**
 * The scheduled custom-domain check (`check-domain-proofs`, contracts/schedules.ts), run as EventBridge runs
 * it: a Scheduled Event whose `time` is the job's clock, so 72 hours pass without waiting. A run may
 * overlap another run or a "Check now"; every case runs it twice at once and then once more, and the
 * claim must end as one run leaves it. A run 72 hours ahead lapses every pending claim of this cloud: the
 * concurrency project runs its files one at a time, so no other file has one.
 */

const HOUR = 3_600_000;
const tick = (at: number) => ({ time: new Date(at).toISOString() });
const runTwiceThenOnce = async (at: number) => {
  await Promise.all([checkDomainProofs(tick(at)), checkDomainProofs(tick(at))]);
  await checkDomainProofs(tick(at));
};
const uniqueDomain = () => `www.proofs-${randomUUID().slice(0, 8)}.com`;

async function websiteOf(agent: TestAgent): Promise<string> {
  const made = await callApi('/websites', {
    ...jsonBody('POST', { name: `Proofs ${randomUUID().slice(0, 6)}` }),
    token: agent.token,
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

async function pendingClaim(domain = uniqueDomain()) {
  const agent = await createTestAgent({ role: 'Agent' });
  const id = await websiteOf(agent);
  const claimed = await claimDomain(agent, id, domain);
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  expect(claimed.body.status).toBe('pending');
  return { agent, id, domain, claim: claimed.body as DomainView };
}

const recordOf = (websiteId: string) =>
  WebsiteDomain.get({ website_id: websiteId, kind: 'custom' }, { consistent: true });

describe('check-domain-proofs (scheduled)', () => {
  it('lapses an unproven claim once its 72 hours have passed on the schedule’s clock, once', async () => {
    const { agent, id, domain, claim } = await pendingClaim();
    const lapsesAt = Date.parse(claim.lapses_at!);

    // an hour before: still pending, the look recorded
    await runTwiceThenOnce(lapsesAt - HOUR);
    expect(await recordOf(id)).toMatchObject({ status: 'pending', check_result: 'not_found' });

    await Promise.all([checkDomainProofs(tick(lapsesAt)), checkDomainProofs(tick(lapsesAt))]);
    const once = await recordOf(id);
    await checkDomainProofs(tick(lapsesAt + HOUR));
    expect(await recordOf(id)).toEqual(once);
    expect(once).toMatchObject({
      status: 'lapsed',
      lapsed_reason: 'expired',
      lapsed_at: new Date(lapsesAt).toISOString(),
    });
    expect(once?.expires_at).toBe(Math.floor(lapsesAt / 1000) + 30 * 86_400);
    // out of the pending index the schedule reads, routed nowhere, and the dialog says why
    const pending = await WebsiteDomain.queryAll('pendingProofs', { proof_gate: 'ALL' });
    expect(pending.map((item) => item.website_id)).not.toContain(id);
    expect(await websiteIdForHost(domain)).toBeUndefined();
    expect((await websiteDomains(agent, id)).body.domains).toEqual([
      expect.objectContaining({ domain, status: 'lapsed', lapsed_reason: 'expired' }),
    ]);

    // claimed again: a new claim, with a new record to create and 72 new hours
    const again = await claimDomain(agent, id, domain);
    expect(again.body).toMatchObject({ status: 'pending', lapses_at: expect.any(String) });
    expect(again.body.verification!.value).not.toBe(claim.verification!.value);
  });

  it('makes a proven claim active on its tick, once, while "Check now" checks it too', async () => {
    const { agent, id, domain, claim } = await pendingClaim();
    setDnsTxt(claim.verification!.name, [claim.verification!.value]);
    const now = Date.now();

    await Promise.all([checkDomainProofs(tick(now)), checkDomainProofs(tick(now)), checkDomain(agent, id)]);
    const once = await recordOf(id);
    await checkDomainProofs(tick(now));
    await checkDomain(agent, id);

    expect(await recordOf(id)).toEqual(once);
    expect(once).toMatchObject({ status: 'active', verified_at: expect.any(String) });
    expect(await DomainClaim.get({ domain }, { consistent: true })).toMatchObject({
      website_id: id,
      kind: 'custom',
    });
    expect(await websiteIdForHost(domain)).toBe(id);
    expect((await Website.get({ website_id: id }, { consistent: true }))?.domain).toBe(domain);
  });

  it('gives a domain to the claim whose proof it sees, and lapses the other websites’ claims of it in that run', async () => {
    const domain = uniqueDomain();
    const squatter = await pendingClaim(domain);
    const owner = await pendingClaim(domain);
    setDnsTxt(owner.claim.verification!.name, [owner.claim.verification!.value]);

    await runTwiceThenOnce(Date.now());

    expect(await recordOf(owner.id)).toMatchObject({ status: 'active' });
    expect(await recordOf(squatter.id)).toMatchObject({ status: 'lapsed', lapsed_reason: 'taken' });
    expect(await websiteIdForHost(domain)).toBe(owner.id);
  });

  it('leaves no pending claim behind: 72 hours on, every unproven claim has lapsed', async () => {
    await pendingClaim();
    await runTwiceThenOnce(Date.now() + 73 * HOUR);
    expect(await WebsiteDomain.queryAll('pendingProofs', { proof_gate: 'ALL' })).toEqual([]);
  });
});
