import { describe, expect, it } from 'vitest';
import { checkFinding, lapseExplanation, proofSummary, timeAgo, timeLeft } from './domainStatus.ts';
import type { WebsiteDomain } from './types.ts';

const now = Date.parse('2025-11-14T12:00:00Z');
const pending: WebsiteDomain = {
  website_id: 'w1',
  domain: 'www.example.com',
  kind: 'custom',
  status: 'pending',
  verification: { type: 'TXT', name: '_estatenet-verify.www.example.com', value: 'estatenet-verify=abc' },
  created_at: '2025-11-14T11:00:00Z',
  lapses_at: '2025-11-17T11:00:00Z',
};

describe('the Domain dialog’s words for a DNS proof', () => {
  it('says how long ago a check was and how long a claim has left', () => {
    expect(timeAgo('2025-11-14T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2025-11-14T11:58:00Z', now)).toBe('2 min ago');
    expect(timeAgo('2025-11-14T09:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2025-11-11T12:00:00Z', now)).toBe('3 days ago');
    expect(timeLeft('2025-11-17T11:00:00Z', now)).toBe('71 h');
    expect(timeLeft('2025-11-14T12:45:30Z', now)).toBe('45 min');
    expect(timeLeft('2025-11-14T12:00:30Z', now)).toBe('under a minute');
  });

  it('summarises pending, verified and lapsed claims', () => {
    expect(proofSummary(pending, now)).toBe('Waiting for DNS proof · not checked yet · lapses in 71 h');
    expect(proofSummary({ ...pending, checked_at: '2025-11-14T11:58:00Z' }, now)).toBe(
      'Waiting for DNS proof · checked 2 min ago · lapses in 71 h',
    );
    expect(proofSummary({ ...pending, status: 'active' }, now)).toBe('Verified');
    expect(proofSummary({ ...pending, status: 'lapsed' }, now)).toBe('Lapsed');
    expect(proofSummary({ ...pending, status: 'lapsed', lapsed_at: '2025-11-14T09:00:00Z' }, now)).toBe(
      'Lapsed 3 h ago',
    );
  });

  it('explains what the last check found and why a claim lapsed', () => {
    expect(checkFinding(pending)).toBeUndefined();
    expect(checkFinding({ ...pending, check_result: 'not_found' })).toContain(
      'No TXT record was found at _estatenet-verify.www.example.com',
    );
    expect(checkFinding({ ...pending, check_result: 'other_value' })).toContain('not with this value');
    expect(checkFinding({ ...pending, check_result: 'dns_error' })).toContain('did not answer');
    expect(lapseExplanation({ ...pending, status: 'lapsed', lapsed_reason: 'expired' })).toContain(
      'within 72 hours',
    );
    expect(lapseExplanation({ ...pending, status: 'lapsed', lapsed_reason: 'taken' })).toContain(
      'Another website proved',
    );
  });
});
