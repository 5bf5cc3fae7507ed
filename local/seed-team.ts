import { randomBytes } from 'node:crypto';

/** The demo agency's pending invitation: its admin sees it on /agents/invite and /team, and may revoke it. */
export const DEMO_INVITE = { id: 'demo-invite-nina', email: 'nina@estatenet.local' } as const;

/**
 * Seeds one pending invitation for the demo agency, idempotently: created once, renewed (new secret, new
 * 7-day expiry) when the one there has expired, left alone once accepted or while still valid. Revoked
 * means deleted, so a restart brings it back, like the rest of the demo data.
 */
export async function seedTeamDemo(agencyId: string, adminId: string): Promise<void> {
  const [{ Invite }, { hashInviteToken, INVITE_VALID_SECONDS, nowSeconds }] = await Promise.all([
    import('#functions/team/entities'),
    import('#functions/team/team'),
  ]);
  const key = { agency_id: agencyId, invite_id: DEMO_INVITE.id };
  const existing = await Invite.get(key, { consistent: true });
  if (existing && (existing.status !== 'pending' || existing.expires_at > nowSeconds())) return;
  await Invite.put({
    ...key,
    email: DEMO_INVITE.email,
    token_hash: hashInviteToken(randomBytes(32).toString('base64url')),
    status: 'pending',
    invited_by: adminId,
    created_at: new Date().toISOString(),
    expires_at: nowSeconds() + INVITE_VALID_SECONDS,
  });
}
