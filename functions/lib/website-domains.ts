import { config } from './config.ts';
import { cancellationCodes, type TransactAction, transactWrite } from './data/entity.ts';
import { and, eq, notExists } from './data/expression.ts';
import { TABLE_KEYS } from './data/table.ts';
import {
  DomainClaim,
  WebsiteDomain,
  type WebsiteDomainItem,
  type WebsiteDomainKind,
  type WebsiteDomainStatus,
} from './data/website-domains.ts';
import { Website, type WebsiteItem } from './data/websites.ts';
import { conflict, notFound } from './errors.ts';
import { WEBSITE_NOT_FOUND } from './websites.ts';

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

/** The API view of a website's domain (the `websiteDomain` schema). */
export function websiteDomainView(item: WebsiteDomainItem) {
  return {
    website_id: item.website_id,
    domain: item.domain,
    ...(item.businessName ? { businessName: item.businessName } : {}),
    status: item.status,
    ...(item.kind === 'custom' && config.sites.cnameTarget ? { cname_target: config.sites.cnameTarget } : {}),
  };
}

interface ClaimRequest {
  website: WebsiteItem;
  kind: WebsiteDomainKind;
  domain: string;
  status: WebsiteDomainStatus;
  businessName?: string;
  /** a hostname of this kind the website already has is replaced (released); otherwise it is a 409 */
  replace: boolean;
}

/** A transaction cancelled only because another one touched the same items: worth another try. */
const onlyConflicts = (codes: string[]) =>
  codes.includes('TransactionConflict') &&
  codes.every((code) => code === 'None' || code === 'TransactionConflict');

/**
 * Gives a website a hostname of one kind, in one transaction: the hostname's claim (a conditional put, so
 * it stays another website's when it is one), the website's domain record of that kind (conditional on
 * the one read, so two changes of one website cannot interleave), the release of the hostname the record
 * held before (conditional on still being this website's), and the domain on the website item (which must
 * still be the owner's and not deleted). The same hostname again is answered as it is (idempotent).
 */
export async function claimDomain(request: ClaimRequest): Promise<WebsiteDomainItem> {
  const { website, kind, domain } = request;
  const key = { website_id: website.website_id, kind };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await WebsiteDomain.get(key, { consistent: true });
    if (current?.domain === domain) return current;
    if (current && !request.replace) {
      throw conflict(
        `This website already has its ${kind === 'default' ? 'default subdomain' : 'domain'} ${current.domain}`,
      );
    }
    const now = new Date().toISOString();
    const record: WebsiteDomainItem = {
      website_id: website.website_id,
      kind,
      domain,
      agent_id: website.agent_id,
      ...(request.businessName ? { businessName: request.businessName } : {}),
      status: request.status,
      created_at: current?.created_at ?? now,
      ...(current ? { updated_at: now } : {}),
    };
    // the website's domain is its custom domain when it has one, else its default subdomain
    const custom = kind === 'custom' ? undefined : await WebsiteDomain.get({ ...key, kind: 'custom' });
    const websiteDomainValue = custom ? custom.domain : domain;
    const actions: TransactAction[] = [
      DomainClaim.transact.create({
        domain,
        website_id: website.website_id,
        kind,
        agent_id: website.agent_id,
        created_at: now,
      }),
      WebsiteDomain.transact.put(record, {
        if: current ? eq('domain', current.domain) : notExists(TABLE_KEYS.partitionKey),
      }),
      Website.transact.update(
        { website_id: website.website_id },
        { set: { domain: websiteDomainValue, updated_at: now } },
        { if: and(eq('agent_id', website.agent_id), notExists('deleted_at')) },
      ),
      ...(current
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
      return record;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (onlyConflicts(codes)) {
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * (attempt + 1)));
        continue;
      }
      const [claim, recordCode, websiteCode] = codes;
      if (websiteCode === 'ConditionalCheckFailed') throw notFound(WEBSITE_NOT_FOUND);
      if (claim === 'ConditionalCheckFailed') {
        const holder = await DomainClaim.get({ domain }, { consistent: true });
        // this website's own concurrent request won: the same hostname again is a success
        if (holder?.website_id === website.website_id && holder.kind === kind) {
          const stored = await WebsiteDomain.get(key, { consistent: true });
          if (stored?.domain === domain) return stored;
        }
        throw conflict(
          holder?.website_id === website.website_id
            ? 'This domain is already this website’s default subdomain'
            : DOMAIN_TAKEN_MESSAGE,
        );
      }
      // the record changed since it was read (another change of this website): read it again
      if (recordCode === 'ConditionalCheckFailed' || codes.includes('ConditionalCheckFailed')) continue;
      throw error;
    }
  }
  throw conflict('The website’s domain is being changed by another request; try again');
}
