import { DomainClaim } from './data/website-domains.ts';
import { Website } from './data/websites.ts';

/**
 * Website domains (docs/website-builder.md "Storage" → Domains): which website a hostname serves, and
 * claiming a hostname for a website (one website per hostname).
 */

/** A Host header as a hostname: lower case, without a port or a trailing dot; undefined when unusable. */
export function normalizeHost(host: string): string | undefined {
  let value = host.trim().toLowerCase();
  if (value.startsWith('[')) return undefined; // an IPv6 literal is never a website's domain
  value = value.replace(/:\d*$/, '').replace(/\.$/, '');
  if (!value || value.length > 253 || !/^[a-z0-9.-]+$/.test(value)) return undefined;
  return value;
}

/**
 * The id of the website a Host header names (its default subdomain or custom domain), or undefined when
 * no website holds that hostname or the website is deleted.
 */
export async function websiteIdForHost(host: string): Promise<string | undefined> {
  const domain = normalizeHost(host);
  if (!domain) return undefined;
  const claim = await DomainClaim.get({ domain }, { consistent: true });
  if (!claim) return undefined;
  const website = await Website.get({ website_id: claim.website_id }, { consistent: true });
  if (!website || website.deleted_at) return undefined;
  return website.website_id;
}
