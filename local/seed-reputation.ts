import { awardDescription, type ReputationActivityType } from '#contracts/reputation-points';
import { ensureCognitoUser, type UserPoolAccess } from './accounts.ts';
import { DEMO_CONNECTIONS } from './seed-network.ts';
import { DEMO_PROPERTIES } from './seed-properties.ts';

/**
 * The demo reputation: the awards the demo's own listings and connections earn, through the same awarder
 * and with the same descriptions as the EventBridge consumer (events/consumers/award-reputation.ts), dated
 * over the weeks the demo spans. A listing's deed and owner awards come from its verifications
 * (seed-verifications.ts, approved and confirmed through the app's code) by `awardVerifiedListing`, the
 * consumer's own function, dated when they were decided: a listing without an approved deed earns no
 * verified deal. Nothing else raises a counter, so every figure agrees with what the screens list:
 * points = the history's sum, property count = the agent's listings, connections = the accepted
 * connections, verified deals = the approved deeds (tests/integration/seed.test.ts).
 * Notifications older than two days start read; the newer ones wait in the dropdown.
 * Idempotent: an award already made is not made again (the ledger), so a restart changes nothing.
 */

interface DemoAward {
  agentId: string;
  type: ReputationActivityType;
  /** the listing's or the connection's id */
  entity: string;
  /** the listing's title or the other agent's name */
  subject: string;
  daysAgo: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeded notifications older than this start read. */
const UNREAD_FOR_DAYS = 2;

export async function seedReputationDemo(pool: UserPoolAccess, password: string): Promise<void> {
  const [
    { awardReputation, awardVerifiedListing },
    { Notification },
    { Agent },
    { ConnectionLink, pairKey },
    { DeedVerification, OwnerConfirmation },
  ] = await Promise.all([
    import('#functions/reputation/reputation'),
    import('#functions/notifications/entities'),
    import('#platform/accounts/entities'),
    import('#functions/connections/entities'),
    import('#functions/verifications/entities'),
  ]);
  // the demo users exist already (seed.ts): this only looks their ids up
  const agentIds = new Map<string, string>();
  const idOf = async (email: string) => {
    const known = agentIds.get(email);
    if (known) return known;
    const agentId = await ensureCognitoUser(pool, { email, password, fullName: email });
    agentIds.set(email, agentId);
    return agentId;
  };

  const now = Date.now();
  const daysBefore = (iso: string) => (now - Date.parse(iso)) / DAY_MS;
  const awards: DemoAward[] = [];
  for (const listing of DEMO_PROPERTIES) {
    const agentId = await idOf(listing.owner);
    const award = (type: ReputationActivityType, daysAgo: number) =>
      awards.push({ agentId, type, entity: listing.id, subject: listing.title, daysAgo });
    award('PROPERTY_ADDED', listing.daysAgo);
    // only what its verifications decided, when they decided it
    const key = { property_id: listing.id };
    const [deed, owner] = await Promise.all([DeedVerification.get(key), OwnerConfirmation.get(key)]);
    if (deed?.state === 'approved' && deed.reviewed_at)
      award('PROPERTY_DEED_VERIFIED', daysBefore(deed.reviewed_at));
    if (owner?.state === 'confirmed' && owner.responded_at)
      award('OWNER_ACKNOWLEDGEMENT', daysBefore(owner.responded_at));
  }
  for (const connection of DEMO_CONNECTIONS) {
    const [requesterId, receiverId] = await Promise.all([
      idOf(connection.requester),
      idOf(connection.receiver),
    ]);
    const [link, requester, receiver] = await Promise.all([
      ConnectionLink.get(pairKey(requesterId, receiverId)),
      Agent.get({ agent_id: requesterId }),
      Agent.get({ agent_id: receiverId }),
    ]);
    if (link?.state !== 'connected' || !requester || !receiver) continue;
    const { daysAgo } = connection;
    const entity = link.request_id;
    awards.push({
      agentId: requesterId,
      type: 'CONNECTION_ACCEPTED',
      entity,
      subject: receiver.full_name,
      daysAgo,
    });
    awards.push({
      agentId: receiverId,
      type: 'CONNECTION_ACCEPTED',
      entity,
      subject: requester.full_name,
      daysAgo,
    });
  }

  // oldest first: the history numbers its entries in the order they are awarded
  for (const demo of awards.sort((first, second) => second.daysAgo - first.daysAgo)) {
    const outcome =
      demo.type === 'PROPERTY_DEED_VERIFIED' || demo.type === 'OWNER_ACKNOWLEDGEMENT'
        ? await awardVerifiedListing(demo.type, demo.entity, demo.agentId)
        : await awardReputation({
            agentId: demo.agentId,
            activityType: demo.type,
            relatedEntityId: demo.entity,
            description: awardDescription(demo.type, demo.subject),
            at: new Date(now - demo.daysAgo * DAY_MS).toISOString(),
          });
    if (outcome.status !== 'awarded' || demo.daysAgo < UNREAD_FOR_DAYS) continue;
    for (const notificationId of outcome.notificationIds) {
      await Notification.update(
        { agent_id: demo.agentId, notification_id: notificationId },
        { set: { read: true } },
      );
    }
  }
}
