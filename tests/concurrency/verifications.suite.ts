import { describe, expect, it } from 'vitest';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import { createTestAgent, type TestAgent } from '../support/agents.ts';
import { api } from '../support/cloud-files.ts';
import {
  createListing,
  createSupportStaff,
  ownerCall,
  ownerLinkFor,
  reviewDeed,
  submitDeed,
  uploadDeed,
  verificationsOf,
} from '../support/verifications.ts';

/**
 * Listing verifications raced through the API: reviewers deciding one deed at once, an owner answering
 * twice at once, two uploads at once. Each ends with one decision, and at most one award.
 */

const { PROPERTY_ADDED, PROPERTY_DEED_VERIFIED, OWNER_ACKNOWLEDGEMENT } = REPUTATION_ACTIVITIES;

const awardsOf = async (agent: TestAgent, activityType: string) =>
  (
    await api<{ activities: Array<{ activityType: string }> }>(
      agent,
      `/api/agents/${agent.agentId}/reputation/history?limit=100`,
    )
  ).body.activities.filter((activity) => activity.activityType === activityType).length;

const countersOf = async (agent: TestAgent) => {
  const { Agent } = await import('#platform/accounts/entities');
  const record = await Agent.get({ agent_id: agent.agentId }, { consistent: true });
  return { points: record?.reputation_points ?? 0, deals: record?.verified_deals ?? 0 };
};

describe('deciding a deed', () => {
  it('approved by four reviewers at once: one decision, one verified listing, one award', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const reviewers = await Promise.all(Array.from({ length: 4 }, () => createSupportStaff()));
    const propertyId = await createListing(agent);
    const submitted = await submitDeed(agent, propertyId, await uploadDeed(agent));
    const submissionId = submitted.body.deed.submission_id!;

    const answers = await Promise.all(
      reviewers.map((staff) => reviewDeed(staff, propertyId, { submissionId, decision: 'approve' })),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers)
      expect(answer.body.deed).toMatchObject({ state: 'approved', submission_id: submissionId });
    const { DeedVerification } = await import('#functions/verifications/entities');
    const decided = await DeedVerification.get({ property_id: propertyId }, { consistent: true });
    expect(reviewers.map((staff) => staff.agentId)).toContain(decided?.reviewer_id);
    await expect
      .poll(() => countersOf(agent), { timeout: 15_000 })
      .toEqual({ points: PROPERTY_ADDED.points + PROPERTY_DEED_VERIFIED.points, deals: 1 });
    expect(await awardsOf(agent, 'PROPERTY_DEED_VERIFIED')).toBe(1);
  });

  it('approved and rejected at once: exactly one decision stands, and the award follows it', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const [approver, rejecter] = await Promise.all([createSupportStaff(), createSupportStaff()]);
    const propertyId = await createListing(agent);
    const submitted = await submitDeed(agent, propertyId, await uploadDeed(agent));
    const submissionId = submitted.body.deed.submission_id!;

    const [approved, rejected] = await Promise.all([
      reviewDeed(approver, propertyId, { submissionId, decision: 'approve' }),
      reviewDeed(rejecter, propertyId, { submissionId, decision: 'reject', reason: 'Blurred' }),
    ]);

    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const state = (await verificationsOf(agent, propertyId)).body;
    const wonApproval = approved.status === 200;
    expect(state.deed.state).toBe(wonApproval ? 'approved' : 'rejected');
    expect(state.deed_verified).toBe(wonApproval);
    const expected = wonApproval
      ? { points: PROPERTY_ADDED.points + PROPERTY_DEED_VERIFIED.points, deals: 1 }
      : { points: PROPERTY_ADDED.points, deals: 0 };
    await expect.poll(() => countersOf(agent), { timeout: 15_000 }).toEqual(expected);
    expect(await awardsOf(agent, 'PROPERTY_DEED_VERIFIED')).toBe(wonApproval ? 1 : 0);
  });

  it('two uploads at once leave one submission under review', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const propertyId = await createListing(agent);
    const keys = await Promise.all([uploadDeed(agent), uploadDeed(agent)]);

    const answers = await Promise.all(keys.map((key) => submitDeed(agent, propertyId, key)));

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    for (const status of statuses) expect([201, 409]).toContain(status);
    const { body } = await verificationsOf(agent, propertyId);
    expect(body.deed.state).toBe('pending_review');
    const winners = answers.filter((answer) => answer.status === 201);
    expect(winners.map((answer) => answer.body.deed.submission_id)).toContain(body.deed.submission_id);
  });
});

describe("the owner's answer", () => {
  it('confirmed three times at once through one link: one answer, one award', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const propertyId = await createListing(agent);
    const { token } = await ownerLinkFor(agent, propertyId);

    const answers = await Promise.all(
      Array.from({ length: 3 }, () => ownerCall('respond', { token, decision: 'confirm' })),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410]);
    await expect
      .poll(() => countersOf(agent), { timeout: 15_000 })
      .toEqual({ points: PROPERTY_ADDED.points + OWNER_ACKNOWLEDGEMENT.points, deals: 0 });
    expect(await awardsOf(agent, 'OWNER_ACKNOWLEDGEMENT')).toBe(1);
  });
});
