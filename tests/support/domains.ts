import { expect, inject } from 'vitest';
import { setTxtRecords } from '#local/dns-server';
import { callApi, jsonBody, type TestAgent } from './agents.ts';

/**
 * Custom domains as an agent proves them: claim through the API, create the TXT record it names in the
 * local cloud's stand-in DNS server (local/dns-server.ts, whose records are a file), then "Check now".
 */

export interface DomainView {
  website_id: string;
  domain: string;
  kind: 'default' | 'custom';
  status: 'pending' | 'active' | 'lapsed';
  verification?: { type: 'TXT'; name: string; value: string };
  cname_target?: string;
  created_at: string;
  checked_at?: string;
  check_result?: 'not_found' | 'other_value' | 'dns_error';
  lapses_at?: string;
  verified_at?: string;
  lapsed_at?: string;
  lapsed_reason?: 'expired' | 'taken';
}

/** Sets (or, with no values, removes) the TXT records of a name in the cloud's stand-in DNS server. */
export function setDnsTxt(name: string, values: readonly string[]): void {
  const file = inject('cloud').env.LOCAL_DNS_RECORDS_FILE;
  if (!file) throw new Error('this cloud has no stand-in DNS records file (LOCAL_DNS_RECORDS_FILE)');
  setTxtRecords(file, name, values);
}

async function answer<T>(response: Response): Promise<{ status: number; body: T }> {
  return { status: response.status, body: (await response.json()) as T };
}

export const claimDomain = async (agent: TestAgent, websiteId: string, domain: string) =>
  answer<DomainView & { error?: string }>(
    await callApi('/website-domains/custom-domain', {
      ...jsonBody('POST', { website_id: websiteId, domain }),
      token: agent.token,
    }),
  );

export const checkDomain = async (agent: TestAgent, websiteId: string) =>
  answer<DomainView & { error?: string }>(
    await callApi(`/website-domains/custom-domain/${encodeURIComponent(websiteId)}/check`, {
      method: 'POST',
      token: agent.token,
    }),
  );

export const websiteDomains = async (agent: TestAgent, websiteId: string) =>
  answer<{ website_id: string; domains: DomainView[]; error?: string }>(
    await callApi(`/website-domains/${encodeURIComponent(websiteId)}`, { token: agent.token }),
  );

/** Claims the domain, publishes its TXT proof in the stand-in DNS and checks it now: it is then active. */
export async function proveDomain(agent: TestAgent, websiteId: string, domain: string): Promise<DomainView> {
  const claimed = await claimDomain(agent, websiteId, domain);
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  const proof = claimed.body.verification!;
  setDnsTxt(proof.name, [proof.value]);
  const checked = await checkDomain(agent, websiteId);
  expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  expect(checked.body.status).toBe('active');
  return checked.body;
}
