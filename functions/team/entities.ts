import type { InviteView } from '#contracts/schemas/team';
import { defineEntity } from '#platform/data/entity';

/**
 * Invitations to join an agency: one item per invitation in the agency's partition (so the admin's list
 * and the pending count are one Query), found by the SHA-256 of its secret token through gsi3. The token
 * itself is never stored. `expires_at` (epoch seconds) is the table's TTL attribute: DynamoDB removes an
 * expired invitation in AWS; every read also treats it as gone once past its expiry.
 */

export type InviteStatus = InviteView['status'];

/**
 * An invitation as stored: the contract's invitation (email lower-cased and trimmed, status, inviter,
 * creation time) under its key, with what the API never shows in that shape.
 */
export type InviteItem = Omit<InviteView, 'id' | 'expires_at'> & {
  agency_id: string;
  invite_id: string;
  /** base64url SHA-256 of the link's secret */
  token_hash: string;
  /** epoch seconds: the end of its validity, and the TTL (the contract shows it as an ISO time) */
  expires_at: number;
  accepted_by?: string;
  accepted_at?: string;
};

export const Invite = defineEntity<InviteItem, 'agency_id' | 'invite_id', 'status' | 'created_at'>()({
  type: 'invite',
  key: {
    pk: { prefix: 'AGENCY', attributes: ['agency_id'] },
    sk: { prefix: 'INVITE', attributes: ['invite_id'] },
  },
  indexes: {
    /** the invitation of a link: its token's hash */
    byToken: {
      index: 'gsi3',
      pk: { prefix: 'INVITE_TOKEN', attributes: ['token_hash'] },
      sk: { prefix: 'INVITE' },
    },
  },
  defaults: () => ({ status: 'pending', created_at: new Date().toISOString() }),
});
