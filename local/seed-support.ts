import { isConditionFailure } from '#lib/data/entity';

/**
 * Marks the demo agency's admin (demo@estatenet.local) as EstateNet support staff, idempotently, so the
 * demo can answer Live Chat conversations from the support inbox (/settings/support-inbox).
 */
export async function seedSupportDemo(staffAgentId: string): Promise<void> {
  const { SupportStaff } = await import('#lib/data/support');
  try {
    await SupportStaff.create({ agent_id: staffAgentId });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
