import type { ReputationActivityType } from '#contracts/reputation-points';
import { ensureCognitoUser, type UserPoolAccess } from './accounts.ts';

/**
 * The demo reputation: a few weeks of awards for the demo agents, made through the same awarder as the
 * EventBridge consumer (functions/lib/reputation.ts), so history, achievements, counters and notifications
 * are real. The counters of seed.ts stand for what the agents earned before this history, which adds
 * to them. Notifications older than two days start read; the newer ones wait in the dropdown.
 * Idempotent: an award already made is not made again (the ledger), so a restart changes nothing.
 */

interface DemoAward {
  type: ReputationActivityType;
  /** a stable id per demo object, so the award happens once */
  entity: string;
  description: string;
  daysAgo: number;
}

const award = (type: ReputationActivityType, entity: string, description: string, daysAgo: number) => ({
  type,
  entity,
  description,
  daysAgo,
});

const DEMO_HISTORY: Record<string, DemoAward[]> = {
  'demo@estatenet.local': [
    award('PROPERTY_ADDED', 'demo-alfama-loft', 'Listed Riverside loft in Alfama', 24),
    award('PROPERTY_DEED_VERIFIED', 'demo-alfama-loft', 'Deed verified: Riverside loft in Alfama', 21),
    award('CONNECTION_ACCEPTED', 'demo-connection-maya-sofia', 'Connected with Sofia Reyes', 17),
    award('PROPERTY_ADDED', 'demo-chiado-penthouse', 'Listed Chiado penthouse with river view', 12),
    award('OWNER_ACKNOWLEDGEMENT', 'demo-chiado-penthouse', 'Owner acknowledged: Chiado penthouse', 9),
    award('CONNECTION_ACCEPTED', 'demo-connection-maya-leo', 'Connected with Leo Martins', 6),
    award('PROPERTY_ADDED', 'demo-belem-villa', 'Listed Belém family villa', 3),
    award('PROPERTY_DEED_VERIFIED', 'demo-chiado-penthouse', 'Deed verified: Chiado penthouse', 1),
    award('OWNER_ACKNOWLEDGEMENT', 'demo-belem-villa', 'Owner acknowledged: Belém family villa', 0.1),
  ],
  'leo@estatenet.local': [
    award('PROPERTY_ADDED', 'demo-avenidas-flat', 'Listed two-bedroom flat in Avenidas Novas', 15),
    award('CONNECTION_ACCEPTED', 'demo-connection-maya-leo', 'Connected with Maya Collins', 6),
    award('PROPERTY_DEED_VERIFIED', 'demo-avenidas-flat', 'Deed verified: Avenidas Novas flat', 1.5),
  ],
  'ines@estatenet.local': [
    award('PROPERTY_ADDED', 'demo-cascais-house', 'Listed seaside house in Cascais', 10),
    award('OWNER_ACKNOWLEDGEMENT', 'demo-cascais-house', 'Owner acknowledged: Cascais seaside house', 2.5),
  ],
  'sofia@estatenet.local': [
    award('PROPERTY_ADDED', 'demo-foz-apartment', 'Listed apartment in Foz do Douro', 20),
    award('CONNECTION_ACCEPTED', 'demo-connection-maya-sofia', 'Connected with Maya Collins', 17),
    award('PROPERTY_DEED_VERIFIED', 'demo-foz-apartment', 'Deed verified: Foz do Douro apartment', 8),
    award('CONNECTION_ACCEPTED', 'demo-connection-sofia-amir', 'Connected with Amir Haddad', 0.5),
  ],
  'amir@estatenet.local': [
    award('PROPERTY_ADDED', 'demo-lagos-villa', 'Listed villa with pool in Lagos', 7),
    award('CONNECTION_ACCEPTED', 'demo-connection-sofia-amir', 'Connected with Sofia Reyes', 0.5),
  ],
  'nora@estatenet.local': [
    award('PROPERTY_ADDED', 'demo-coimbra-studio', 'Listed studio near the university', 30),
  ],
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeded notifications older than this start read. */
const UNREAD_FOR_DAYS = 2;

export async function seedReputationDemo(pool: UserPoolAccess, password: string): Promise<void> {
  const [{ awardReputation }, { Notification }] = await Promise.all([
    import('#lib/reputation'),
    import('#lib/data/notifications'),
  ]);
  const now = Date.now();
  for (const [email, awards] of Object.entries(DEMO_HISTORY)) {
    // the demo users exist already (seed.ts): this only looks their ids up
    const agentId = await ensureCognitoUser(pool, { email, password, fullName: email });
    // oldest first: the history numbers its entries in the order they are awarded
    for (const demo of [...awards].sort((first, second) => second.daysAgo - first.daysAgo)) {
      const outcome = await awardReputation({
        agentId,
        activityType: demo.type,
        relatedEntityId: demo.entity,
        description: demo.description,
        at: new Date(now - demo.daysAgo * DAY_MS).toISOString(),
      });
      if (outcome.status !== 'awarded' || demo.daysAgo < UNREAD_FOR_DAYS) continue;
      for (const notificationId of outcome.notificationIds) {
        await Notification.update(
          { agent_id: agentId, notification_id: notificationId },
          { set: { read: true } },
        );
      }
    }
  }
}
