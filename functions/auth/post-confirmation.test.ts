import { describe, expect, it } from 'vitest';
import { accountFromAttributes } from './post-confirmation.ts';

describe('sign-up attributes', () => {
  it('reads an agency sign-up', () => {
    expect(
      accountFromAttributes({
        sub: 's1',
        email: 'a@b.test',
        name: ' Ada Lane ',
        'custom:account_type': 'agency',
        'custom:agency_name': ' Lane Homes ',
      }),
    ).toEqual({
      agentId: 's1',
      email: 'a@b.test',
      fullName: 'Ada Lane',
      accountType: 'agency',
      agencyName: 'Lane Homes',
    });
  });

  it('defaults to an agent account, and names federated users from what they have', () => {
    expect(accountFromAttributes({ sub: 's2', email: 'x@y.test', 'custom:account_type': 'other' })).toEqual({
      agentId: 's2',
      email: 'x@y.test',
      fullName: 'x',
      accountType: 'agent',
    });
    expect(accountFromAttributes({ email: 'g@y.test', given_name: 'Gil' }, 'google_123').fullName).toBe(
      'Gil',
    );
    expect(accountFromAttributes({ email: 'g@y.test' }, 'google_123').agentId).toBe('google_123');
  });

  it('keeps names within the API limit', () => {
    expect(accountFromAttributes({ sub: 's3', name: 'n'.repeat(300) }).fullName).toHaveLength(120);
  });
});
