import { isConditionFailure } from '#platform/data/entity';
import type { UserPoolAccess } from './accounts.ts';
import { ensureCognitoUser } from './accounts.ts';

export const SUPPORT_DEMO = {
  email: 'support@estatenet.local',
  fullName: 'EstateNet Support',
} as const;

/**
 * EstateNet's support staff account, separate from every customer: a sign-in of its own that answers
 * Live Chat from the support inbox (/settings/support-inbox). It is marked `staff` (never in the agents
 * directory) and holds the `SupportStaff` item that opens the inbox. Idempotent.
 */
export async function seedSupportDemo(pool: UserPoolAccess, password: string): Promise<void> {
  const [{ Agent }, { SupportStaff }] = await Promise.all([
    import('#platform/accounts/entities'),
    import('#functions/support/entities'),
  ]);
  const agentId = await ensureCognitoUser(pool, {
    email: SUPPORT_DEMO.email,
    password,
    fullName: SUPPORT_DEMO.fullName,
  });
  // one after the other, each awaited: a write that already happened (a restart) is kept as it is
  const writes = [
    () =>
      Agent.create({
        agent_id: agentId,
        email: SUPPORT_DEMO.email,
        full_name: SUPPORT_DEMO.fullName,
        role: 'Superagent',
        staff: true,
      }),
    () => SupportStaff.create({ agent_id: agentId }),
  ];
  for (const write of writes) {
    try {
      await write();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
