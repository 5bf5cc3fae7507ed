import { randomBytes } from 'node:crypto';
import { config } from '#aws/config';
import { lookupTxt } from '#aws/dns';
import { Website, type WebsiteItem } from '#functions/websites/entities';
import { announceWebsite } from '#functions/websites/website-events';
import { WEBSITE_NOT_FOUND } from '#functions/websites/websites';
import {
  cancellationCodes,
  isConditionFailure,
  type TransactAction,
  transactWrite,
} from '#platform/data/entity';
import { and, eq, notExists } from '#platform/data/expression';
import { TABLE_KEYS } from '#platform/data/table';
import { conflict, notFound } from '#platform/errors';
import { logger } from '#platform/logger';
import {
  type DomainCheckResult,
  DomainClaim,
  type DomainLapseReason,
  WebsiteDomain,
  type WebsiteDomainItem,
  type WebsiteDomainKind,
} from './entities.ts';

/**
 * Website domains (docs/website-builder.md "Domains"): which website a hostname serves, claiming a hostname
 * for a website (one website per hostname), and proving a custom domain by a DNS TXT record before it
 * serves anything (the first website to prove a domain wins it).
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

// ---- claiming a hostname ------------------------------------------------------------------------------

export const DOMAIN_TAKEN_MESSAGE = 'This domain is already connected to another website';

/** The slug of a business name: lower-case ASCII letters and digits joined by single hyphens. */
export function slugOf(text: string, maxLength = 50): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || 'site';
}

/** The default subdomain: `{slug of the business name}-{first 6 of the website id}.{sites domain}`. */
export function defaultDomainOf(businessName: string, websiteId: string): string {
  const suffix =
    websiteId
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 6) || 'site';
  return `${slugOf(businessName)}-${suffix}.${config.sites.domain}`;
}

/** True for a hostname under the sites domain: those are default subdomains, never custom domains. */
export const isUnderSitesDomain = (domain: string) =>
  domain === config.sites.domain || domain.endsWith(`.${config.sites.domain}`);

/** A custom domain stays pending this long; then, unproven, it lapses. */
export const DOMAIN_PROOF_HOURS = 72;
/** A lapsed claim's record is kept this long (the dialog says it lapsed), then DynamoDB's TTL removes it. */
const LAPSED_RECORD_DAYS = 30;

/** The TXT record that proves a claim: `_estatenet-verify.<domain>` holding `estatenet-verify=<token>`. */
export const proofRecordName = (domain: string) => `_estatenet-verify.${domain}`;
export const proofRecordValue = (token: string) => `estatenet-verify=${token}`;

/** The API view of a website's domain (the `websiteDomain` schema). */
export function websiteDomainView(item: WebsiteDomainItem) {
  const custom = item.kind === 'custom';
  return {
    website_id: item.website_id,
    domain: item.domain,
    kind: item.kind,
    ...(item.businessName ? { businessName: item.businessName } : {}),
    status: item.status,
    ...(custom && config.sites.cnameTarget ? { cname_target: config.sites.cnameTarget } : {}),
    ...(custom && item.proof_token && item.status !== 'lapsed'
      ? {
          verification: {
            type: 'TXT' as const,
            name: proofRecordName(item.domain),
            value: proofRecordValue(item.proof_token),
          },
        }
      : {}),
    created_at: item.created_at,
    ...(item.checked_at ? { checked_at: item.checked_at } : {}),
    ...(item.check_result ? { check_result: item.check_result } : {}),
    ...(item.status === 'pending' && item.lapses_at ? { lapses_at: item.lapses_at } : {}),
    ...(item.verified_at ? { verified_at: item.verified_at } : {}),
    ...(item.lapsed_at ? { lapsed_at: item.lapsed_at } : {}),
    ...(item.lapsed_reason ? { lapsed_reason: item.lapsed_reason } : {}),
  };
}

/** The website's own hostname now: its active custom domain, else its default subdomain. */
async function addressOf(websiteId: string, without?: WebsiteDomainKind): Promise<string | undefined> {
  const [custom, subdomain] = await Promise.all(
    (['custom', 'default'] as const).map((kind) =>
      kind === without ? undefined : WebsiteDomain.get({ website_id: websiteId, kind }, { consistent: true }),
    ),
  );
  if (custom?.status === 'active') return custom.domain;
  return subdomain?.status === 'active' ? subdomain.domain : undefined;
}

/** Sets (or removes) the website item's `domain`, only while it is the owner's and not deleted. */
const websiteAddressAction = (
  website: Pick<WebsiteItem, 'website_id' | 'agent_id'>,
  domain: string | undefined,
  now: string,
) =>
  Website.transact.update(
    { website_id: website.website_id },
    domain ? { set: { domain, updated_at: now } } : { set: { updated_at: now }, remove: ['domain'] },
    { if: and(eq('agent_id', website.agent_id), notExists('deleted_at')) },
  );

/** The record was not changed since it was read: same claim, same state. */
const unchanged = (record: WebsiteDomainItem) =>
  and(
    eq('domain', record.domain),
    eq('status', record.status),
    eq('created_at', record.created_at),
    ...(record.proof_token ? [eq('proof_token', record.proof_token)] : []),
  );

/**
 * Gives a website its default subdomain, in one transaction: the hostname's claim (a conditional put, so
 * it stays another website's when it is one), the website's domain record (which must not exist yet, so two
 * requests cannot interleave), and the domain on the website item unless it has an active custom domain
 * (which must still be the owner's and not deleted). The same hostname again is answered as it is.
 */
export async function claimDefaultDomain(request: {
  website: WebsiteItem;
  domain: string;
  businessName: string;
}): Promise<WebsiteDomainItem> {
  const { website, domain } = request;
  const key = { website_id: website.website_id, kind: 'default' as const };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await WebsiteDomain.get(key, { consistent: true });
    if (current?.domain === domain) return current;
    if (current) throw conflict(`This website already has its default subdomain ${current.domain}`);
    const now = new Date().toISOString();
    const record: WebsiteDomainItem = {
      ...key,
      domain,
      agent_id: website.agent_id,
      businessName: request.businessName,
      status: 'active',
      created_at: now,
    };
    const address = (await addressOf(website.website_id, 'default')) ?? domain;
    try {
      await transactWrite([
        DomainClaim.transact.create({
          domain,
          website_id: website.website_id,
          kind: 'default',
          agent_id: website.agent_id,
          created_at: now,
        }),
        WebsiteDomain.transact.put(record, { if: notExists(TABLE_KEYS.partitionKey) }),
        websiteAddressAction(website, address, now),
      ]);
      return record;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      const [claim, recordCode, websiteCode] = codes;
      if (websiteCode === 'ConditionalCheckFailed') throw notFound(WEBSITE_NOT_FOUND);
      if (claim === 'ConditionalCheckFailed') {
        const holder = await DomainClaim.get({ domain }, { consistent: true });
        // this website's own concurrent request won: the same hostname again is a success
        if (holder?.website_id === website.website_id) {
          const stored = await WebsiteDomain.get(key, { consistent: true });
          if (stored?.domain === domain) return stored;
        }
        throw conflict(DOMAIN_TAKEN_MESSAGE);
      }
      // another request made the record meanwhile: read it again
      if (recordCode === 'ConditionalCheckFailed') continue;
      throw error;
    }
  }
  throw conflict('The website’s domain is being changed by another request; try again');
}

export interface CustomDomainClaim {
  record: WebsiteDomainItem;
  /** an active custom domain was released for it: the website's hostnames changed */
  released: boolean;
}

/**
 * Starts a claim of a custom domain for a website: a `pending` record with a new random token, to be proven
 * by a DNS TXT record within 72 hours. A pending claim holds no hostname, so it neither routes nor blocks
 * another website's claim; only a domain already active for another website is refused (409). The
 * website's previous custom domain is replaced in the same transaction (an active one released). The same
 * domain again is answered as it is, unless its claim lapsed (then it starts again with a new token).
 */
export async function claimCustomDomain(website: WebsiteItem, domain: string): Promise<CustomDomainClaim> {
  const key = { website_id: website.website_id, kind: 'custom' as const };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [current, holder] = await Promise.all([
      WebsiteDomain.get(key, { consistent: true }),
      DomainClaim.get({ domain }, { consistent: true }),
    ]);
    if (current?.domain === domain && current.status !== 'lapsed')
      return { record: current, released: false };
    if (holder && holder.website_id !== website.website_id) throw conflict(DOMAIN_TAKEN_MESSAGE);
    if (holder) throw conflict('This domain is already this website’s default subdomain');
    const now = new Date();
    const record: WebsiteDomainItem = {
      ...key,
      domain,
      agent_id: website.agent_id,
      status: 'pending',
      proof_token: randomBytes(16).toString('hex'),
      lapses_at: new Date(now.getTime() + DOMAIN_PROOF_HOURS * 3_600_000).toISOString(),
      created_at: now.toISOString(),
    };
    const releases = current?.status === 'active';
    const actions: TransactAction[] = [
      WebsiteDomain.transact.put(record, {
        if: current ? unchanged(current) : notExists(TABLE_KEYS.partitionKey),
      }),
      releases
        ? websiteAddressAction(website, await addressOf(website.website_id, 'custom'), record.created_at)
        : Website.transact.check(
            { website_id: website.website_id },
            and(eq('agent_id', website.agent_id), notExists('deleted_at')),
          ),
      ...(releases
        ? [
            DomainClaim.transact.delete(
              { domain: current.domain },
              { if: eq('website_id', website.website_id) },
            ),
          ]
        : []),
    ];
    try {
      await transactWrite(actions);
      return { record, released: releases };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[1] === 'ConditionalCheckFailed') throw notFound(WEBSITE_NOT_FOUND);
      // the record changed since it was read (another change or check of this website): read it again
      if (codes.includes('ConditionalCheckFailed')) continue;
      throw error;
    }
  }
  throw conflict('The website’s domain is being changed by another request; try again');
}

// ---- proving a custom domain --------------------------------------------------------------------------

/** Marks a pending claim lapsed, unless it changed meanwhile; answers the record as it is then. */
async function lapseClaim(
  record: WebsiteDomainItem,
  reason: DomainLapseReason,
  now: Date,
): Promise<WebsiteDomainItem> {
  const lapsed: WebsiteDomainItem = {
    ...record,
    status: 'lapsed',
    lapsed_at: now.toISOString(),
    lapsed_reason: reason,
    updated_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + LAPSED_RECORD_DAYS * 86_400,
  };
  try {
    await WebsiteDomain.put(lapsed, { if: unchanged(record) });
    logger.info('custom domain claim lapsed', {
      websiteId: record.website_id,
      domain: record.domain,
      reason,
    });
    return lapsed;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (
      (await WebsiteDomain.get({ website_id: record.website_id, kind: 'custom' }, { consistent: true })) ??
      lapsed
    );
  }
}

/** The other websites' pending claims of a hostname that one website has just proven lapse at once. */
async function lapseRivals(winner: WebsiteDomainItem, now: Date): Promise<void> {
  const rivals = await WebsiteDomain.queryAll('pendingByDomain', { pending_domain: winner.domain });
  for (const rival of rivals) {
    if (rival.website_id === winner.website_id) continue;
    const current = await WebsiteDomain.get(
      { website_id: rival.website_id, kind: 'custom' },
      { consistent: true },
    );
    if (current?.status === 'pending' && current.domain === winner.domain)
      await lapseClaim(current, 'taken', now);
  }
}

/**
 * Makes a proven claim active, in one transaction: the hostname's claim (a conditional put: the first
 * website to prove a domain wins it), the record (still this pending claim) and the domain on the website
 * item (still the owner's, not deleted). A hostname another website won meanwhile lapses this claim; a
 * deleted website's claim stays pending (and lapses in time).
 */
async function activateClaim(record: WebsiteDomainItem, now: Date): Promise<WebsiteDomainItem> {
  const at = now.toISOString();
  const active: WebsiteDomainItem = {
    ...record,
    status: 'active',
    verified_at: at,
    checked_at: at,
    updated_at: at,
  };
  delete active.lapses_at;
  delete active.check_result;
  const owner = { website_id: record.website_id, agent_id: record.agent_id };
  // transactWrite sends the transaction again while it only meets others' (retryingConflicts)
  try {
    await transactWrite([
      DomainClaim.transact.create({
        domain: record.domain,
        website_id: record.website_id,
        kind: 'custom',
        agent_id: record.agent_id,
        created_at: at,
      }),
      WebsiteDomain.transact.put(active, { if: unchanged(record) }),
      websiteAddressAction(owner, record.domain, at),
    ]);
    logger.info('custom domain proven', { websiteId: record.website_id, domain: record.domain });
    await announceWebsite(owner, ['WebsiteHostsChanged']);
    await lapseRivals(active, now);
    return active;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    const [claim, recordCode, websiteCode] = codes;
    const stored = () =>
      WebsiteDomain.get({ website_id: record.website_id, kind: 'custom' }, { consistent: true });
    // another check of this claim got there first: answer what it wrote
    if (recordCode === 'ConditionalCheckFailed') return (await stored()) ?? record;
    if (claim === 'ConditionalCheckFailed') {
      const holder = await DomainClaim.get({ domain: record.domain }, { consistent: true });
      if (holder?.website_id === record.website_id) return (await stored()) ?? active;
      return lapseClaim(record, 'taken', now);
    }
    // the website was deleted (or is gone): its claim stays pending, and lapses in time
    if (websiteCode === 'ConditionalCheckFailed') return record;
    throw error;
  }
}

/** Notes when the proof was looked for and what was found, unless the claim changed meanwhile. */
async function recordCheck(
  record: WebsiteDomainItem,
  result: DomainCheckResult,
  now: Date,
): Promise<WebsiteDomainItem> {
  const key = { website_id: record.website_id, kind: 'custom' as const };
  try {
    const updated = await WebsiteDomain.update(
      key,
      { set: { checked_at: now.toISOString(), check_result: result } },
      { if: unchanged(record) },
    );
    return updated ?? { ...record, checked_at: now.toISOString(), check_result: result };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await WebsiteDomain.get(key, { consistent: true })) ?? record;
  }
}

/**
 * Looks for a pending claim's proof (`now` is the caller's clock: the schedule's event time, or the
 * request's): past its 72 hours it lapses without a look; a hostname another website holds lapses it; its
 * TXT record seen makes it active; otherwise the check is recorded. Every write is conditional on the claim
 * being as it was read, so overlapping checks (the schedule and "Check now") do each change once.
 */
export async function checkCustomDomain(record: WebsiteDomainItem, now: Date): Promise<WebsiteDomainItem> {
  if (record.status !== 'pending' || !record.proof_token) return record;
  if (record.lapses_at && now.getTime() >= Date.parse(record.lapses_at))
    return lapseClaim(record, 'expired', now);
  const holder = await DomainClaim.get({ domain: record.domain }, { consistent: true });
  if (holder && holder.website_id !== record.website_id) return lapseClaim(record, 'taken', now);
  const found = await lookupTxt(proofRecordName(record.domain));
  if (found.kind === 'records' && found.values.includes(proofRecordValue(record.proof_token)))
    return activateClaim(record, now);
  if (found.kind === 'error')
    logger.warn('DNS did not answer a domain proof look-up', { domain: record.domain, code: found.code });
  const result: DomainCheckResult =
    found.kind === 'records' ? 'other_value' : found.kind === 'none' ? 'not_found' : 'dns_error';
  return recordCheck(record, result, now);
}
