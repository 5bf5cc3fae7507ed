import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { publishEvent } from '#aws/events';
import type { DetailType, EventDetail } from '#contracts/events';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import type {
  reputationHistory,
  reputationNotificationList,
  reputationSummary,
} from '#contracts/schemas/reputation';
import { handler as awardConsumer } from '#events/consumers/award-reputation';
import { Notification, notificationId, notify } from '#functions/notifications/entities';
import { awardReputation } from '#functions/reputation/reputation';
import { Agent } from '#platform/accounts/entities';
import { callApi, createTestAgency, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { drainEvents } from '../support/events.ts';
import { approvedDeed, createListing, ownerCall, ownerLinkFor } from '../support/verifications.ts';

/**
 * Reputation and notifications: awards through the local bus (PutEvents → rule → consumer) and by direct
 * delivery of the consumer, the summary, the paged history, achievements, and the notification list.
 */

const POINTS = {
  property: REPUTATION_ACTIVITIES.PROPERTY_ADDED.points,
  deed: REPUTATION_ACTIVITIES.PROPERTY_DEED_VERIFIED.points,
  owner: REPUTATION_ACTIVITIES.OWNER_ACKNOWLEDGEMENT.points,
  connection: REPUTATION_ACTIVITIES.CONNECTION_ACCEPTED.points,
};

type ReputationSummary = z.infer<typeof reputationSummary>;
type ReputationHistory = z.infer<typeof reputationHistory>;
type NotificationList = z.infer<typeof reputationNotificationList>;

/** An EventBridge envelope as the bus delivers it (redeliveries carry the same one). */
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

const json = async <Body = Record<string, unknown>>(response: Response) => ({
  status: response.status,
  body: (await response.json()) as Body,
});

const reputationOf = async (agent: TestAgent, of: TestAgent = agent) =>
  json<ReputationSummary>(await callApi(`/api/agents/${of.agentId}/reputation`, { token: agent.token }));

const historyOf = async (agent: TestAgent, query = '') =>
  json<ReputationHistory>(
    await callApi(`/api/agents/${agent.agentId}/reputation/history${query}`, { token: agent.token }),
  );

const notificationsOf = async (agent: TestAgent) =>
  json<NotificationList>(
    await callApi(`/api/agents/${agent.agentId}/reputation/notifications`, { token: agent.token }),
  );

const countersOf = async (agentId: string) => {
  const agent = await Agent.get({ agent_id: agentId }, { consistent: true });
  return {
    points: agent?.reputation_points,
    properties: agent?.property_count,
    deals: agent?.verified_deals,
    connections: agent?.connections,
  };
};

describe('awards from the bus', () => {
  it('awards a property published on the bus once, with history, achievement and notification', async () => {
    const agent = await createTestAgent();
    const propertyId = randomUUID();

    await publishEvent('PropertyAdded', { propertyId, agentId: agent.agentId });

    await expect
      .poll(async () => (await reputationOf(agent)).body.points, { timeout: 15_000 })
      .toBe(POINTS.property);
    const { body: summary } = await reputationOf(agent);
    expect(summary).toMatchObject({
      points: POINTS.property,
      propertyCount: 1,
      verifiedDeals: 0,
      connections: 0,
      achievements: [expect.objectContaining({ id: 'first-property', name: 'First Listing' })],
      verifications: { email: true, phone: false, self: false },
      lastAwardedActivity: {
        activityType: 'PROPERTY_ADDED',
        points: POINTS.property,
        description: 'Property listed',
        relatedEntityType: 'property',
        relatedEntityId: propertyId,
      },
    });
    const { body: history } = await historyOf(agent);
    expect(history.activities).toHaveLength(1);
    expect(history.pagination).toEqual({ page: 1, totalPages: 1, limit: 10, totalItems: 1 });
    const { body: notifications } = await notificationsOf(agent);
    expect(notifications.items.map((item) => item.message).sort()).toEqual([
      `+${POINTS.property} reputation points: Property listed`,
      'Achievement unlocked: First Listing (Listed your first property)',
    ]);
    expect(notifications.items[0]).toMatchObject({
      kind: 'reputation',
      read: false,
      link: '/agents/profile#reputation',
    });

    // the agent record the sidebar reads carries the same counters
    const profile = await json(await callApi(`/api/agents/${agent.agentId}`, { token: agent.token }));
    expect(profile.body).toMatchObject({ reputation_points: POINTS.property, property_count: 1 });
  });

  it('awards an approved deed and a confirmed owner, each with its own counter rule', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const propertyId = await createListing(agent);
    await approvedDeed(agent, propertyId);
    const { token } = await ownerLinkFor(agent, propertyId);
    expect((await ownerCall('respond', { token, decision: 'confirm' })).status).toBe(200);

    await awardConsumer(envelope('PropertyDeedVerified', { propertyId, agentId: agent.agentId }));
    await awardConsumer(envelope('OwnerAcknowledged', { propertyId, agentId: agent.agentId }));

    await expect
      .poll(() => countersOf(agent.agentId), { timeout: 15_000 })
      .toEqual({
        points: POINTS.property + POINTS.deed + POINTS.owner,
        properties: 1,
        deals: 1,
        connections: 0,
      });
    const { body } = await reputationOf(agent);
    expect(body.achievements.map((achievement) => achievement.id)).toEqual([
      'first-property',
      'first-verified-deal',
    ]);
  });

  it('awards nothing for a deed or owner event of a listing that was never verified', async () => {
    const agent = await createTestAgent();
    const propertyId = randomUUID();

    await awardConsumer(envelope('PropertyDeedVerified', { propertyId, agentId: agent.agentId }));
    await awardConsumer(envelope('OwnerAcknowledged', { propertyId, agentId: agent.agentId }));

    expect(await countersOf(agent.agentId)).toEqual({ points: 0, properties: 0, deals: 0, connections: 0 });
  });
});

describe('ConnectionAccepted', () => {
  it('raises both agents’ connections once however often the event arrives, also at once', async () => {
    const requester = await createTestAgent({ fullName: `Req ${randomUUID().slice(0, 6)}` });
    const receiver = await createTestAgent({ fullName: `Rec ${randomUUID().slice(0, 6)}` });
    const event = envelope('ConnectionAccepted', {
      connectionId: randomUUID(),
      requesterId: requester.agentId,
      receiverId: receiver.agentId,
    });

    await Promise.all([awardConsumer(event), awardConsumer(event)]);
    await awardConsumer(event);
    await publishEvent('ConnectionAccepted', event.detail as EventDetail<'ConnectionAccepted'>);
    await drainEvents();

    for (const [agent, other] of [
      [requester, receiver],
      [receiver, requester],
    ] as const) {
      expect(await countersOf(agent.agentId)).toEqual({
        points: POINTS.connection,
        properties: 0,
        deals: 0,
        connections: 1,
      });
      const { body } = await historyOf(agent);
      expect(body.pagination.totalItems).toBe(1);
      expect(body.activities[0]).toMatchObject({
        activityType: 'CONNECTION_ACCEPTED',
        description: `Connected with ${other.fullName}`,
      });
      const { body: notifications } = await notificationsOf(agent);
      expect(notifications.items.filter((item) => item.message.startsWith('+'))).toHaveLength(1);
    }
  });

  it('counts different connections of one agent, raced, each once, and unlocks Networker once', async () => {
    const agent = await createTestAgent();
    const others = await Promise.all(Array.from({ length: 10 }, () => createTestAgent()));

    await Promise.all(
      others.map((other) =>
        awardConsumer(
          envelope('ConnectionAccepted', {
            connectionId: randomUUID(),
            requesterId: other.agentId,
            receiverId: agent.agentId,
          }),
        ),
      ),
    );

    expect(await countersOf(agent.agentId)).toMatchObject({
      connections: 10,
      points: 10 * POINTS.connection,
    });
    const { body } = await historyOf(agent, '?limit=100');
    expect(body.pagination.totalItems).toBe(10);
    expect(new Set(body.activities.map((activity) => activity.id)).size).toBe(10);
    const { body: summary } = await reputationOf(agent);
    expect(summary.achievements.map((achievement) => achievement.id)).toEqual([
      'first-connection',
      'ten-connections',
    ]);
    const { body: notifications } = await notificationsOf(agent);
    expect(notifications.items.filter((item) => item.message.includes('Networker'))).toHaveLength(1);
  });

  it('skips an agent without a record and still awards the other', async () => {
    const receiver = await createTestAgent();

    await awardConsumer(
      envelope('ConnectionAccepted', {
        connectionId: randomUUID(),
        requesterId: randomUUID(),
        receiverId: receiver.agentId,
      }),
    );

    expect(await countersOf(receiver.agentId)).toMatchObject({ connections: 1 });
  });
});

describe('the history', () => {
  it('pages through 25 awards 10 at a time, newest first', async () => {
    const agent = await createTestAgent();
    for (let n = 1; n <= 25; n += 1) {
      await awardReputation({
        agentId: agent.agentId,
        activityType: 'PROPERTY_ADDED',
        relatedEntityId: `property-${n}`,
        description: `Listing ${n}`,
      });
    }

    const pages = [
      await historyOf(agent),
      await historyOf(agent, '?page=2'),
      await historyOf(agent, '?page=3&limit=10'),
    ];
    const beyond = await historyOf(agent, '?page=4');

    expect(pages.map(({ body }) => body.pagination)).toEqual([
      { page: 1, totalPages: 3, limit: 10, totalItems: 25 },
      { page: 2, totalPages: 3, limit: 10, totalItems: 25 },
      { page: 3, totalPages: 3, limit: 10, totalItems: 25 },
    ]);
    const descriptions = pages.flatMap(({ body }) => body.activities.map((activity) => activity.description));
    expect(descriptions).toEqual(Array.from({ length: 25 }, (_, n) => `Listing ${25 - n}`));
    expect(beyond.body).toEqual({
      activities: [],
      pagination: { page: 4, totalPages: 3, limit: 10, totalItems: 25 },
    });
    const { body: summary } = await reputationOf(agent);
    expect(summary).toMatchObject({ points: 25 * POINTS.property, propertyCount: 25 });
    expect(summary.achievements.map((achievement) => achievement.id)).toEqual([
      'first-property',
      'ten-properties',
      'points-100',
    ]);
  });

  it('is empty with zero pages for an agent without awards', async () => {
    const agent = await createTestAgent();
    expect((await historyOf(agent)).body).toEqual({
      activities: [],
      pagination: { page: 1, totalPages: 0, limit: 10, totalItems: 0 },
    });
  });
});

describe('POST /api/agents/{id}/reputation', () => {
  it('accepts only an activity the caller’s own property justifies: no property exists yet', async () => {
    const agent = await createTestAgent();

    const response = await callApi(`/api/agents/${agent.agentId}/reputation`, {
      token: agent.token,
      ...jsonBody('POST', {
        activityType: 'PROPERTY_ADDED',
        description: 'Self-reported',
        relatedEntityType: 'property',
        relatedEntityId: randomUUID(),
      }),
    });

    expect(await json(response)).toEqual({
      status: 404,
      body: { error: 'Property not found', code: 'not_found' },
    });
    expect(await countersOf(agent.agentId)).toMatchObject({ points: 0, properties: 0 });
  });

  it('answers another agent’s id as missing', async () => {
    const caller = await createTestAgent();
    const target = await createTestAgent();

    const response = await callApi(`/api/agents/${target.agentId}/reputation`, {
      token: caller.token,
      ...jsonBody('POST', {
        activityType: 'PROPERTY_ADDED',
        relatedEntityType: 'property',
        relatedEntityId: 'p1',
      }),
    });

    expect(response.status).toBe(404);
    expect(await countersOf(target.agentId)).toMatchObject({ points: 0 });
  });
});

describe('summaries', () => {
  it('shows another agent’s counters and achievements but not its last award', async () => {
    const viewer = await createTestAgent();
    const agent = await createTestAgent();
    await awardReputation({
      agentId: agent.agentId,
      activityType: 'PROPERTY_ADDED',
      relatedEntityId: 'secret-listing',
    });

    const { status, body } = await reputationOf(viewer, agent);

    expect(status).toBe(200);
    expect(body).toMatchObject({
      points: POINTS.property,
      achievements: [expect.objectContaining({ id: 'first-property' })],
    });
    expect(body.lastAwardedActivity).toBeNull();
    expect((await historyOf({ ...agent, token: viewer.token })).status).toBe(404);
  });

  it('adds up an agency’s members for its own agents, and hides it from others', async () => {
    const agency = await createTestAgency({ members: 2 });
    const [first, second] = agency.members as [TestAgent, TestAgent];
    await awardReputation({ agentId: first.agentId, activityType: 'PROPERTY_ADDED', relatedEntityId: 'a' });
    await awardReputation({ agentId: second.agentId, activityType: 'PROPERTY_ADDED', relatedEntityId: 'b' });
    await awardReputation({
      agentId: second.agentId,
      activityType: 'PROPERTY_DEED_VERIFIED',
      relatedEntityId: 'b',
    });
    const outsider = await createTestAgent();

    const own = await json<ReputationSummary>(
      await callApi(`/api/agencies/${agency.agencyId}/reputation`, { token: first.token }),
    );
    const foreign = await json(
      await callApi(`/api/agencies/${agency.agencyId}/reputation`, { token: outsider.token }),
    );

    expect(own.body).toMatchObject({
      points: 2 * POINTS.property + POINTS.deed,
      propertyCount: 2,
      verifiedDeals: 1,
      connections: 0,
      lastAwardedActivity: { activityType: 'PROPERTY_DEED_VERIFIED' },
    });
    expect(own.body.achievements.map((achievement) => achievement.id)).toEqual([
      'first-property',
      'first-verified-deal',
    ]);
    expect(foreign).toEqual({ status: 404, body: { error: 'Agency not found', code: 'not_found' } });
  });
});

describe('notifications', () => {
  it('lists unread ones of every kind, newest first, and none dated in the future', async () => {
    const agent = await createTestAgent();
    const minute = 60_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    await notify(agent.agentId, {
      kind: 'reminder',
      message: 'Viewing at 10:00',
      dedupeKey: 'r1',
      at: at(-2 * minute),
    });
    await notify(agent.agentId, {
      kind: 'team',
      message: 'Welcome to the team',
      link: '/team',
      dedupeKey: 't1',
      at: at(-minute),
    });
    await notify(agent.agentId, { kind: 'reminder', message: 'Later', dedupeKey: 'r2', at: at(60 * minute) });

    const { body } = await notificationsOf(agent);

    expect(body.items.map((item) => [item.kind, item.message])).toEqual([
      ['team', 'Welcome to the team'],
      ['reminder', 'Viewing at 10:00'],
    ]);
  });

  it('dismisses one by marking it read, and refuses anyone else’s', async () => {
    const agent = await createTestAgent();
    const stranger = await createTestAgent();
    const when = new Date().toISOString();
    await notify(agent.agentId, { kind: 'reputation', message: 'Dismiss me', dedupeKey: 'd1', at: when });
    const id = notificationId(when, 'd1');

    const foreign = await callApi(`/api/notifications/${encodeURIComponent(id)}/read`, {
      token: stranger.token,
      method: 'PUT',
    });
    expect(foreign.status).toBe(404);
    expect((await notificationsOf(agent)).body.items).toHaveLength(1);

    const dismissed = await callApi(`/api/notifications/${encodeURIComponent(id)}/read`, {
      token: agent.token,
      method: 'PUT',
    });
    expect(await json(dismissed)).toEqual({ status: 200, body: { ok: true } });
    expect((await notificationsOf(agent)).body.items).toEqual([]);
    const again = await callApi(`/api/notifications/${encodeURIComponent(id)}/read`, {
      token: agent.token,
      method: 'PUT',
    });
    expect(again.status).toBe(200);
    expect(await Notification.get({ agent_id: agent.agentId, notification_id: id })).toMatchObject({
      read: true,
    });
  });

  it('are only your own to list', async () => {
    const agent = await createTestAgent();
    const stranger = await createTestAgent();
    const response = await callApi(`/api/agents/${agent.agentId}/reputation/notifications`, {
      token: stranger.token,
    });
    expect(response.status).toBe(404);
  });

  it('repeats a lost award notification on redelivery with the same id, and never a read one', async () => {
    const agent = await createTestAgent();
    const event = envelope('PropertyAdded', { propertyId: randomUUID(), agentId: agent.agentId });
    await awardConsumer(event);
    const award = (await notificationsOf(agent)).body.items.find((item) => item.message.startsWith('+'))!;
    // a crash between the award's transaction and its notification leaves no notification behind
    await Notification.delete({ agent_id: agent.agentId, notification_id: award.id });

    await awardConsumer(event);
    const restored = (await notificationsOf(agent)).body.items.find((item) => item.id === award.id);
    expect(restored).toMatchObject({ message: award.message });

    await callApi(`/api/notifications/${encodeURIComponent(award.id)}/read`, {
      token: agent.token,
      method: 'PUT',
    });
    await awardConsumer(event);
    expect((await notificationsOf(agent)).body.items.some((item) => item.id === award.id)).toBe(false);
    expect(await countersOf(agent.agentId)).toMatchObject({ points: POINTS.property, properties: 1 });
  });
});
