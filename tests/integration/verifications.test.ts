import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { EventBridgeEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '#aws/config';
import type { DetailType, EventDetail } from '#contracts/events';
import { REPUTATION_ACTIVITIES, VERIFIED_ACTIVITIES } from '#contracts/reputation-points';
import { OWNER_LINK_VALID_DAYS } from '#contracts/schemas/verifications';
import { handler as awardConsumer } from '#events/consumers/award-reputation';
import { Property } from '#functions/properties/entities';
import { DeedVerification, OwnerConfirmation } from '#functions/verifications/entities';
import { announceVerification, decideDeed, issueOwnerLink } from '#functions/verifications/verifications';
import { Agent } from '#platform/accounts/entities';
import { callApi, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';
import { api } from '../support/cloud-files.ts';
import { latestOwnerLink } from '../support/owner-links.ts';
import { testS3 } from '../support/s3.ts';
import {
  approvedDeed,
  createListing,
  createSupportStaff,
  DEED_PDF,
  ownerCall,
  ownerLinkFor,
  reviewDeed,
  sendOwnerLink,
  submitDeed,
  uploadDeed,
  verificationsOf,
} from '../support/verifications.ts';

/**
 * Reputation that is earned (issue 20): a listing's deed is verified only when support staff approve the
 * uploaded document, its owner only when the owner confirms through the emailed link; only then are the
 * points and the verified deal awarded, once. The property API and the reputation API can no longer
 * declare either.
 */

afterEach(() => {
  vi.unstubAllEnvs();
});

const POINTS = {
  listing: REPUTATION_ACTIVITIES.PROPERTY_ADDED.points,
  deed: REPUTATION_ACTIVITIES.PROPERTY_DEED_VERIFIED.points,
  owner: REPUTATION_ACTIVITIES.OWNER_ACKNOWLEDGEMENT.points,
};

const countersOf = async (agent: TestAgent) => {
  const record = await Agent.get({ agent_id: agent.agentId }, { consistent: true });
  return {
    points: record?.reputation_points ?? 0,
    properties: record?.property_count ?? 0,
    deals: record?.verified_deals ?? 0,
  };
};

/** The counters once the bus has delivered what it will: polled until they stop being `before`. */
const settledCounters = (agent: TestAgent, expected: Awaited<ReturnType<typeof countersOf>>) =>
  expect.poll(() => countersOf(agent), { timeout: 15_000 }).toEqual(expected);

const historyOf = async (agent: TestAgent) =>
  (
    await api<{ activities: Array<{ activityType: string; description: string; relatedEntityId?: string }> }>(
      agent,
      `/api/agents/${agent.agentId}/reputation/history?limit=100`,
    )
  ).body.activities;

const propertyOf = async (agent: TestAgent, id: string) =>
  (
    await api<{ deed_verified: boolean; owner_acknowledged: boolean; title: string }>(
      agent,
      `/api/properties/${id}`,
    )
  ).body;

function envelope<T extends DetailType>(detailType: T, detail: EventDetail<T>) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': detailType,
    source: 'estatenet.platform',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'local',
    resources: [],
    detail,
  } as EventBridgeEvent<string, unknown>;
}

const objectExists = async (key: string) => {
  try {
    await testS3().send(new HeadObjectCommand({ Bucket: config.buckets.files, Key: key }));
    return true;
  } catch {
    return false;
  }
};

/** A paid agent (no property limit: the finding's "each new property earns a verified deal"). */
const paidAgent = () =>
  createTestAgent({ role: 'Agent', fullName: `Verified Agent ${randomUUID().slice(0, 6)}` });

describe('the deed review', () => {
  it('puts an uploaded deed in the review queue; support staff approve it and the agent is awarded once', async () => {
    const [agent, staff] = await Promise.all([paidAgent(), createSupportStaff()]);
    const propertyId = await createListing(agent, { title: 'Deed flat', city: 'Porto' });
    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });
    expect((await verificationsOf(agent, propertyId)).body).toMatchObject({
      deed_verified: false,
      owner_acknowledged: false,
      deed: { state: 'not_requested' },
      owner: { state: 'not_requested', emails_left_today: 3 },
    });

    const submitted = await submitDeed(
      agent,
      propertyId,
      await uploadDeed(agent, DEED_PDF, { name: 'deed.pdf' }),
    );

    expect(submitted.status).toBe(201);
    expect(submitted.body.deed).toMatchObject({
      state: 'pending_review',
      document: { name: 'deed.pdf', type: 'application/pdf', size: DEED_PDF.length },
    });
    const submissionId = submitted.body.deed.submission_id!;
    expect((await propertyOf(agent, propertyId)).deed_verified).toBe(false);
    const queue = await api<{
      items: Array<{ property_id: string; submission_id: string; agent_name: string }>;
    }>(staff, '/api/support/deed-reviews');
    expect(queue.status).toBe(200);
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({
        property_id: propertyId,
        submission_id: submissionId,
        property_title: 'Deed flat',
        city: 'Porto',
        agent_name: agent.fullName,
      }),
    );
    // the reviewer downloads exactly what the agent uploaded, as an attachment
    const link = await api<{ url: string; mime_type: string }>(
      staff,
      `/api/support/deed-reviews/${propertyId}/document`,
    );
    expect(link).toMatchObject({ status: 200, body: { mime_type: 'application/pdf' } });
    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(DEED_PDF);
    // pending: nothing awarded yet
    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });

    const approved = await reviewDeed(staff, propertyId, { submissionId, decision: 'approve' });

    expect(approved).toMatchObject({
      status: 200,
      body: { deed: { state: 'approved', submission_id: submissionId } },
    });
    expect((await propertyOf(agent, propertyId)).deed_verified).toBe(true);
    await settledCounters(agent, { points: POINTS.listing + POINTS.deed, properties: 1, deals: 1 });
    // approving again, and the event delivered again and again, award nothing more
    expect((await reviewDeed(staff, propertyId, { submissionId, decision: 'approve' })).status).toBe(200);
    const event = envelope('PropertyDeedVerified', { propertyId, agentId: agent.agentId });
    await Promise.all([awardConsumer(event), awardConsumer(event)]);
    await awardConsumer(event);
    expect(await countersOf(agent)).toEqual({
      points: POINTS.listing + POINTS.deed,
      properties: 1,
      deals: 1,
    });
    const history = await historyOf(agent);
    expect(history.filter((entry) => entry.activityType === 'PROPERTY_DEED_VERIFIED')).toEqual([
      expect.objectContaining({ description: 'Deed verified: Deed flat', relatedEntityId: propertyId }),
    ]);
    // decided: out of the queue, and final
    const after = await api<{ items: Array<{ property_id: string }> }>(staff, '/api/support/deed-reviews');
    expect(after.body.items.map((item) => item.property_id)).not.toContain(propertyId);
    expect(
      (await reviewDeed(staff, propertyId, { submissionId, decision: 'reject', reason: 'Too late' })).status,
    ).toBe(409);
    const again = await submitDeed(agent, propertyId, await uploadDeed(agent));
    expect(again).toMatchObject({ status: 409, body: { error: "This listing's deed is already approved." } });
    expect((await verificationsOf(agent, propertyId)).body).toMatchObject({
      deed_verified: true,
      deed: { state: 'approved', submission_id: submissionId },
    });
  });

  it('shows a rejection with its reason, awards nothing, and takes a new upload', async () => {
    const [agent, staff] = await Promise.all([paidAgent(), createSupportStaff()]);
    const propertyId = await createListing(agent);
    const first = await submitDeed(
      agent,
      propertyId,
      await uploadDeed(agent, DEED_PDF, { name: 'page-1.pdf' }),
    );
    const firstId = first.body.deed.submission_id!;
    const firstDocument = (await DeedVerification.get({ property_id: propertyId }))!.document_key;

    const noReason = await reviewDeed(staff, propertyId, { submissionId: firstId, decision: 'reject' });
    const rejected = await reviewDeed(staff, propertyId, {
      submissionId: firstId,
      decision: 'reject',
      reason: 'The second page with the registry stamp is missing.',
    });

    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Reason is required to reject a deed: tell the agent what is wrong');
    expect(rejected.status).toBe(200);
    expect((await verificationsOf(agent, propertyId)).body).toMatchObject({
      deed_verified: false,
      deed: {
        state: 'rejected',
        submission_id: firstId,
        rejection_reason: 'The second page with the registry stamp is missing.',
      },
    });

    const second = await submitDeed(
      agent,
      propertyId,
      await uploadDeed(agent, DEED_PDF, { name: 'whole-deed.pdf' }),
    );

    expect(second.status).toBe(201);
    expect(second.body.deed).toMatchObject({ state: 'pending_review', document: { name: 'whole-deed.pdf' } });
    expect(second.body.deed.rejection_reason).toBeUndefined();
    const secondId = second.body.deed.submission_id!;
    expect(secondId).not.toBe(firstId);
    expect(await objectExists(firstDocument)).toBe(false);
    // a decision on the upload the reviewer saw before is not applied to the new one
    expect((await reviewDeed(staff, propertyId, { submissionId: firstId, decision: 'approve' })).status).toBe(
      409,
    );
    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });
    expect(
      (await reviewDeed(staff, propertyId, { submissionId: secondId, decision: 'approve' })).status,
    ).toBe(200);
    await settledCounters(agent, { points: POINTS.listing + POINTS.deed, properties: 1, deals: 1 });
  });

  it('takes only a PDF or an image uploaded for the deed, by the listing agent', async () => {
    const agent = await paidAgent();
    const other = await paidAgent();
    const propertyId = await createListing(agent);

    const notAPdf = await submitDeed(
      agent,
      propertyId,
      await uploadDeed(agent, Buffer.from('plain text, not a deed')),
    );
    const photoUpload = await submitDeed(
      agent,
      propertyId,
      await uploadDeed(agent, DEED_PDF, { purpose: 'property-media', mime: 'image/jpeg', name: 'a.jpg' }),
    );
    const someoneElses = await submitDeed(agent, propertyId, await uploadDeed(other));
    const wrongType = await callApi('/api/uploads', {
      ...jsonBody('POST', { purpose: 'property-deed', name: 'deed.txt', size: 10, mime_type: 'text/plain' }),
      token: agent.token,
    });

    expect(notAPdf).toMatchObject({
      status: 400,
      body: { error: 'The deed must be a PDF or an image (JPEG, PNG or WebP).' },
    });
    expect(photoUpload).toMatchObject({
      status: 400,
      body: { error: 'Deed document must be an upload made for the deed' },
    });
    expect(someoneElses).toMatchObject({ status: 404, body: { error: 'Upload not found' } });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({
      error: 'File type must be a PDF, JPEG, PNG or WebP file',
    });
    expect((await verificationsOf(agent, propertyId)).body.deed).toEqual({ state: 'not_requested' });
  });

  it("answers another agent's listing as missing, and keeps the review queue to support staff", async () => {
    const [agent, stranger] = await Promise.all([paidAgent(), paidAgent()]);
    const propertyId = await createListing(agent);
    const submitted = await submitDeed(agent, propertyId, await uploadDeed(agent));
    const submissionId = submitted.body.deed.submission_id!;

    const foreign = [
      await verificationsOf(stranger, propertyId),
      await submitDeed(stranger, propertyId, await uploadDeed(stranger)),
      await sendOwnerLink(stranger, propertyId, 'owner@example.com'),
    ];
    // neither another agent nor the listing's own agent is support staff
    const staffOnly = [stranger, agent].flatMap((caller) => [
      api(caller, '/api/support/deed-reviews'),
      api(caller, `/api/support/deed-reviews/${propertyId}/document`),
      reviewDeed(caller, propertyId, { submissionId, decision: 'approve' }),
    ]);

    for (const answer of foreign)
      expect(answer).toMatchObject({ status: 404, body: { error: 'Property not found' } });
    for (const answer of await Promise.all(staffOnly)) expect(answer.status).toBe(404);
    expect((await verificationsOf(agent, propertyId)).body.deed).toMatchObject({
      state: 'pending_review',
      submission_id: submissionId,
    });
    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });
  });
});

describe("the owner's confirmation", () => {
  it('lets the owner confirm through the emailed link without an account, and awards the agent once', async () => {
    const agent = await paidAgent();
    const propertyId = await createListing(agent, {
      title: 'Owner flat',
      street_address: 'Rua Augusta 10',
      area: 'Baixa',
      city: 'Lisbon',
    });
    const ownerEmail = `owner-${randomUUID()}@example.com`;

    const sent = await sendOwnerLink(agent, propertyId, ownerEmail.toUpperCase());

    expect(sent.status).toBe(200);
    expect(sent.body.owner).toMatchObject({ state: 'sent', owner_email: ownerEmail, emails_left_today: 2 });
    const validFor = Date.parse(sent.body.owner.expires_at!) - Date.parse(sent.body.owner.sent_at!);
    expect(validFor).toBe(OWNER_LINK_VALID_DAYS * 24 * 60 * 60 * 1000);
    const { link, token } = await latestOwnerLink(ownerEmail);
    expect(link).toBe(`${new URL(link).origin}/listing-owner/confirm#${token}`);
    // the agent never sees the secret (they must not confirm their own listing)
    expect(JSON.stringify(sent.body)).not.toContain(token);
    expect(JSON.stringify((await OwnerConfirmation.get({ property_id: propertyId }))!)).not.toContain(token);

    const shown = await ownerCall('lookup', { token });
    expect(shown).toEqual({
      status: 200,
      body: {
        property_title: 'Owner flat',
        street_address: 'Rua Augusta 10',
        area: 'Baixa',
        city: 'Lisbon',
        agent_name: agent.fullName,
        owner_email: ownerEmail,
        expires_at: sent.body.owner.expires_at,
      },
    });
    const confirmed = await ownerCall('respond', { token, decision: 'confirm' });

    expect(confirmed).toEqual({
      status: 200,
      body: { state: 'confirmed', property_title: 'Owner flat', agent_name: agent.fullName },
    });
    expect((await propertyOf(agent, propertyId)).owner_acknowledged).toBe(true);
    await settledCounters(agent, { points: POINTS.listing + POINTS.owner, properties: 1, deals: 0 });
    const event = envelope('OwnerAcknowledged', { propertyId, agentId: agent.agentId });
    await Promise.all([awardConsumer(event), awardConsumer(event), awardConsumer(event)]);
    expect(await countersOf(agent)).toEqual({
      points: POINTS.listing + POINTS.owner,
      properties: 1,
      deals: 0,
    });
    // used: the link is refused from now on, and the listing stays confirmed
    expect(await ownerCall('respond', { token, decision: 'decline' })).toMatchObject({
      status: 410,
      body: { reason: 'confirmed' },
    });
    expect((await ownerCall('lookup', { token })).status).toBe(410);
    expect((await verificationsOf(agent, propertyId)).body).toMatchObject({
      owner_acknowledged: true,
      owner: { state: 'confirmed' },
    });
    expect((await sendOwnerLink(agent, propertyId, ownerEmail)).status).toBe(409);
  });

  it('refuses an altered, replaced or expired link and changes nothing; the agent can send a new one', async () => {
    const agent = await paidAgent();
    const propertyId = await createListing(agent);
    const first = await ownerLinkFor(agent, propertyId);
    const altered = `${first.token.slice(0, -1)}${first.token.endsWith('A') ? 'B' : 'A'}`;

    expect((await ownerCall('lookup', { token: altered })).status).toBe(404);
    expect((await ownerCall('respond', { token: altered, decision: 'confirm' })).status).toBe(404);
    expect((await ownerCall('respond', { token: 'not a token', decision: 'confirm' })).status).toBe(400);

    const second = await ownerLinkFor(agent, propertyId, first.link);
    expect((await ownerCall('respond', { token: first.token, decision: 'confirm' })).status).toBe(404);
    // seven days later
    await OwnerConfirmation.update(
      { property_id: propertyId },
      { set: { link_expires_at: new Date(Date.now() - 1000).toISOString() } },
    );
    const expired = await ownerCall('respond', { token: second.token, decision: 'confirm' });

    expect(expired).toMatchObject({
      status: 410,
      body: {
        error: 'This confirmation link has expired. Ask the agent to send you a new one.',
        reason: 'expired',
      },
    });
    expect((await ownerCall('lookup', { token: second.token })).status).toBe(410);
    expect((await verificationsOf(agent, propertyId)).body).toMatchObject({
      owner_acknowledged: false,
      owner: { state: 'expired' },
    });
    expect((await propertyOf(agent, propertyId)).owner_acknowledged).toBe(false);
    const third = await ownerLinkFor(agent, propertyId, second.link);
    expect((await ownerCall('respond', { token: third.token, decision: 'confirm' })).status).toBe(200);
    await settledCounters(agent, { points: POINTS.listing + POINTS.owner, properties: 1, deals: 0 });
  });

  it("records the owner's decline without points, and sends at most 3 emails a listing a day", async () => {
    const agent = await paidAgent();
    const propertyId = await createListing(agent);
    const first = await ownerLinkFor(agent, propertyId);

    const declined = await ownerCall('respond', { token: first.token, decision: 'decline' });

    expect(declined).toMatchObject({ status: 200, body: { state: 'declined' } });
    expect((await verificationsOf(agent, propertyId)).body.owner).toMatchObject({
      state: 'declined',
      emails_left_today: 2,
    });
    const second = await ownerLinkFor(agent, propertyId, first.link);
    const third = await ownerLinkFor(agent, propertyId, second.link);
    expect((await verificationsOf(agent, propertyId)).body.owner).toMatchObject({
      state: 'sent',
      emails_left_today: 0,
    });
    const fourth = await sendOwnerLink(agent, propertyId, 'another-owner@example.com');
    expect(fourth).toMatchObject({
      status: 409,
      body: { error: 'This listing sent the owner 3 emails today already. Try again tomorrow.' },
    });
    // the refused send left the latest link working
    expect((await ownerCall('lookup', { token: third.token })).status).toBe(200);
    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });
  });
});

describe("the owner's link when the email cannot be sent", () => {
  it('puts the previous link back, so the owner can still use it', async () => {
    const agent = await paidAgent();
    const propertyId = await createListing(agent);
    const first = await ownerLinkFor(agent, propertyId);
    const before = await OwnerConfirmation.get({ property_id: propertyId }, { consistent: true });
    const property = (await Property.get({ property_id: propertyId }))!;

    const issued = await issueOwnerLink(property, 'typo@example.con');
    expect((await ownerCall('lookup', { token: first.token })).status).toBe(404);
    await issued.undo();

    expect(await OwnerConfirmation.get({ property_id: propertyId }, { consistent: true })).toEqual(before);
    expect((await ownerCall('lookup', { token: first.token })).status).toBe(200);
    expect((await ownerCall('lookup', { token: issued.token })).status).toBe(404);
  });
});

describe('verifications cannot be declared', () => {
  it('refuses the flags from the property API, and a listing earns only its PROPERTY_ADDED', async () => {
    const agent = await paidAgent();
    const declared = await callApi('/api/addProperty', {
      ...formBody({
        title: 'Self-verified',
        price: '1',
        city: 'Lisbon',
        deed_verified: 'true',
        owner_acknowledged: 'true',
      }),
      token: agent.token,
    });
    const added = await callApi('/api/addProperty', {
      ...formBody({ title: 'Honest', price: '1', city: 'Lisbon', deed_verified: 'false' }),
      token: agent.token,
    });
    const { propertyId, points_awarded } = (await added.json()) as {
      propertyId: string;
      points_awarded: number;
    };
    const update = (fields: Record<string, string>) =>
      callApi(`/api/properties/updateProperty/${propertyId}`, {
        ...formBody(fields),
        method: 'PUT',
        token: agent.token,
      });

    expect(declared.status).toBe(400);
    expect(await declared.json()).toMatchObject({
      error: expect.stringMatching(/^Deed verified is set by EstateNet when support staff approve/),
      fields: { deed_verified: expect.any(String) },
    });
    expect(points_awarded).toBe(POINTS.listing);
    const flipped = await update({ owner_acknowledged: 'true' });
    expect(flipped.status).toBe(400);
    expect(await flipped.json()).toMatchObject({
      fields: {
        owner_acknowledged: expect.stringMatching(/^Owner acknowledged is set when the owner confirms/),
      },
    });
    // echoing the server's values back is fine (older clients send the whole listing)
    expect(
      (await update({ title: 'Honest flat', deed_verified: 'false', owner_acknowledged: 'false' })).status,
    ).toBe(200);
    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });
    expect(await propertyOf(agent, propertyId)).toMatchObject({
      deed_verified: false,
      owner_acknowledged: false,
    });

    // once approved, the listing is deed-verified, and an edit keeps it so
    await approvedDeed(agent, propertyId);
    expect((await update({ title: 'Honest verified flat' })).status).toBe(200);
    expect(await propertyOf(agent, propertyId)).toMatchObject({
      title: 'Honest verified flat',
      deed_verified: true,
    });
    expect((await update({ deed_verified: 'false' })).status).toBe(400);
    await settledCounters(agent, { points: POINTS.listing + POINTS.deed, properties: 1, deals: 1 });
  });

  it('answers POST /api/agents/{id}/reputation with 403 until the server verified, then awards once', async () => {
    const agent = await paidAgent();
    const propertyId = await createListing(agent, { title: 'Reported flat' });
    const report = (activityType: string) =>
      api<{ points_awarded?: number; error?: string }>(
        agent,
        `/api/agents/${agent.agentId}/reputation`,
        jsonBody('POST', {
          activityType,
          description: 'Trust me',
          relatedEntityType: 'property',
          relatedEntityId: propertyId,
        }),
      );

    const deed = await report('PROPERTY_DEED_VERIFIED');
    const owner = await report('OWNER_ACKNOWLEDGEMENT');

    expect(deed).toEqual({
      status: 403,
      body: { error: VERIFIED_ACTIVITIES.PROPERTY_DEED_VERIFIED.notVerified, code: 'forbidden' },
    });
    expect(owner).toEqual({
      status: 403,
      body: { error: VERIFIED_ACTIVITIES.OWNER_ACKNOWLEDGEMENT.notVerified, code: 'forbidden' },
    });
    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });

    await approvedDeed(agent, propertyId);
    const afterApproval = await Promise.all([
      report('PROPERTY_DEED_VERIFIED'),
      report('PROPERTY_DEED_VERIFIED'),
    ]);

    for (const answer of afterApproval) expect(answer.status).toBe(200);
    await settledCounters(agent, { points: POINTS.listing + POINTS.deed, properties: 1, deals: 1 });
    const total = afterApproval.reduce((sum, answer) => sum + (answer.body.points_awarded ?? 0), 0);
    expect(total).toBeLessThanOrEqual(POINTS.deed);
    const deeds = (await historyOf(agent)).filter((entry) => entry.activityType === 'PROPERTY_DEED_VERIFIED');
    // the server's description, not the reporter's
    expect(deeds).toEqual([expect.objectContaining({ description: 'Deed verified: Reported flat' })]);
  });

  it('awards in the request when the bus refuses the announcement, and never twice', async () => {
    const agent = await paidAgent();
    const propertyId = await createListing(agent, { title: 'Busless flat' });
    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });
    const submitted = await submitDeed(agent, propertyId, await uploadDeed(agent));
    await decideDeed({
      propertyId,
      submissionId: submitted.body.deed.submission_id!,
      decision: 'approve',
      reviewerId: randomUUID(),
    });
    const listing = { property_id: propertyId, agent_id: agent.agentId };

    vi.stubEnv('EVENT_BUS_NAME', 'no-such-bus');
    await announceVerification('deed', listing);
    vi.unstubAllEnvs();

    expect(await countersOf(agent)).toEqual({
      points: POINTS.listing + POINTS.deed,
      properties: 1,
      deals: 1,
    });
    // the bus back, the event (and its redelivery) finds the award made
    await announceVerification('deed', listing);
    await awardConsumer(envelope('PropertyDeedVerified', { propertyId, agentId: agent.agentId }));
    await settledCounters(agent, { points: POINTS.listing + POINTS.deed, properties: 1, deals: 1 });
    expect(
      (await historyOf(agent)).filter((entry) => entry.activityType === 'PROPERTY_DEED_VERIFIED'),
    ).toEqual([expect.objectContaining({ description: 'Deed verified: Busless flat' })]);
  });

  it('awards nothing for a verification event naming a listing nobody verified', async () => {
    const agent = await paidAgent();
    const propertyId = await createListing(agent);

    await awardConsumer(envelope('PropertyDeedVerified', { propertyId, agentId: agent.agentId }));
    await awardConsumer(envelope('OwnerAcknowledged', { propertyId, agentId: agent.agentId }));
    await awardConsumer(
      envelope('PropertyDeedVerified', { propertyId: randomUUID(), agentId: agent.agentId }),
    );

    await settledCounters(agent, { points: POINTS.listing, properties: 1, deals: 0 });
    expect((await historyOf(agent)).map((entry) => entry.activityType)).toEqual(['PROPERTY_ADDED']);
  });
});
