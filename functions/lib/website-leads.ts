import { createHash, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DEFAULT_CURRENCY } from '#contracts/schemas/preferences';
import type { WebsiteListingLeadInput } from '#contracts/schemas/website-leads';
import { Agent } from './data/accounts.ts';
import { Client, type ClientItem, recordClientActivities } from './data/clients.ts';
import { isConditionFailure } from './data/entity.ts';
import { lt, notExists, or } from './data/expression.ts';
import { notify } from './data/notifications.ts';
import { AgentPreferences } from './data/preferences.ts';
import { Property, type PropertyItem } from './data/properties.ts';
import { LeadRateCounter, type LeadSenderKind } from './data/website-domains.ts';
import type { WebsiteItem } from './data/websites.ts';
import { HttpError } from './errors.ts';
import { releaseFeature, reserveFeature } from './limits.ts';
import { logger } from './logger.ts';

/**
 * Contact-form leads of published websites (docs/website-builder.md "Publishing"): the visitor becomes a
 * client of the site's agent (source `website`), within the agent's clients limit, rate-limited per
 * website and sender.
 */

/** Messages one sender may send one website in an hour: by network address, and by email address. */
export const LEAD_RATE_LIMITS: Readonly<Record<LeadSenderKind, number>> = { ip: 10, email: 5 };
export const LEAD_RATE_LIMITED_MESSAGE =
  'You have sent this website too many messages in the last hour. Please try again later.';

/** The fragments the form's page reads to show its notice. */
export const LEAD_SENT_FRAGMENT = '#lead-sent';
export const LEAD_NOT_SENT_FRAGMENT = '#lead-not-sent';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The sender's network address: CloudFront's viewer address when the request came through it (CloudFront
 * sets that header itself, a client cannot), else API Gateway's source address. Undefined when the request
 * came through CloudFront without the viewer address (the source is then an edge server shared by many
 * visitors, so counting it would throttle them all): only the email limit applies then.
 */
export function senderAddress(event: APIGatewayProxyEventV2): string | undefined {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (/cloudfront/i.test(event.headers?.via ?? '')) {
    logger.warn('lead without CloudFront-Viewer-Address: the per-address limit is skipped');
    return undefined;
  }
  return event.requestContext?.http?.sourceIp;
}

const fingerprint = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * Counts one message against each sender limit of this hour; a 429 once one is used up. Each counter is one
 * conditional ADD (created on first use, with its TTL), so N concurrent posts let exactly the limit through.
 */
export async function countLeadAttempt(
  websiteId: string,
  senders: Readonly<Partial<Record<LeadSenderKind, string>>>,
  now = new Date(),
): Promise<void> {
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const hour = new Date(hourStart).toISOString().slice(0, 13);
  const expiresAt = Math.floor((hourStart + 2 * HOUR_MS) / 1000);
  for (const kind of ['ip', 'email'] as const) {
    const sender = senders[kind];
    if (!sender) continue;
    const limit = LEAD_RATE_LIMITS[kind];
    try {
      await LeadRateCounter.update(
        { website_id: websiteId, hour, kind, sender: fingerprint(sender.toLowerCase()) },
        { set: { expires_at: expiresAt }, add: { count: 1 } },
        { mustExist: false, if: or(notExists('count'), lt('count', limit)), returnValues: 'none' },
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const retryAfter = Math.max(1, Math.ceil((hourStart + HOUR_MS - now.getTime()) / 1000));
      throw new HttpError(429, LEAD_RATE_LIMITED_MESSAGE, {
        body: { error: LEAD_RATE_LIMITED_MESSAGE, retry_after: retryAfter },
      });
    }
  }
}

/** Why a lead could not become a client (the visitor is told politely, the agent's book is untouched). */
export type LeadRefusal = 'clients_limit' | 'subscription_inactive' | 'no_agent';

/**
 * The listing a lead is about (a listing page's form sends its `property_id`): only one of the site's
 * agent, whatever its status now (a visitor may write just after it sold). Any other id — unknown,
 * another agent's — is not named: the lead is still recorded, as from any other page.
 */
export async function leadListingOf(
  website: Pick<WebsiteItem, 'website_id' | 'agent_id'>,
  propertyId: string | undefined,
): Promise<Pick<PropertyItem, 'property_id' | 'title'> | undefined> {
  if (!propertyId) return undefined;
  const property = await Property.get({ property_id: propertyId });
  if (property?.agent_id === website.agent_id) return property;
  logger.warn('website lead names a listing that is not the site agent’s', {
    websiteId: website.website_id,
    propertyId,
  });
  return undefined;
}

/**
 * Adds the visitor as a client of the website's agent: one `clients` slot reserved first (the same atomic
 * reservation as POST /api/clients) and given back if the write fails, so nothing is half-written. The
 * message becomes the client's note; a listing page's lead names its listing in the note, the activity
 * and the notification, and has it among the client's property interests.
 */
export async function createLeadClient(
  website: Pick<WebsiteItem, 'website_id' | 'agent_id' | 'name'>,
  lead: WebsiteListingLeadInput,
): Promise<{ client: ClientItem } | { refused: LeadRefusal }> {
  const agent = await Agent.get({ agent_id: website.agent_id });
  if (!agent) return { refused: 'no_agent' };
  const status = agent.subscription_status ?? 'active';
  if (status === 'payment_failed' || status === 'expired') return { refused: 'subscription_inactive' };
  const subject = { agentId: agent.agent_id, role: agent.role };
  try {
    await reserveFeature(subject, 'clients');
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403) return { refused: 'clients_limit' };
    throw error;
  }
  const now = new Date().toISOString();
  const listing = await leadListingOf(website, lead.property_id || undefined);
  const about = listing ? ` about "${listing.title}"` : '';
  let client: ClientItem;
  try {
    const preferences = await AgentPreferences.get({ agent_id: agent.agent_id });
    const note = [
      `Contact form on the website "${website.name}"${lead.page ? ` (page ${lead.page})` : ''}${
        listing ? `, about the listing "${listing.title}" (${listing.property_id})` : ''
      }.`,
    ];
    if (lead.message) note.push(lead.message);
    client = await Client.create({
      client_id: randomUUID(),
      agentId: agent.agent_id,
      ...(agent.agency_id ? { agencyId: agent.agency_id } : {}),
      full_name: lead.name,
      email: lead.email,
      ...(lead.phone ? { phone: lead.phone } : {}),
      type: 'buyer',
      stage: 'new',
      currency: preferences?.currency_preference ?? DEFAULT_CURRENCY,
      preferred_areas: [],
      property_interests: listing ? [listing.property_id] : [],
      tags: ['website-lead'],
      source: 'website',
      notes: note.join('\n\n'),
      created_at: now,
    });
  } catch (error) {
    await releaseFeature(subject, 'clients');
    throw error;
  }
  await recordClientActivities([
    {
      clientId: client.client_id,
      kind: 'created',
      actor: { agentId: agent.agent_id, name: agent.full_name },
      at: now,
      summary: `Lead from the website "${website.name}"${about}`,
    },
  ]);
  try {
    await notify(agent.agent_id, {
      kind: 'lead',
      message: `New lead from your website "${website.name}"${about}: ${lead.name}`,
      link: '/clients',
      dedupeKey: `lead:${client.client_id}`,
      at: now,
    });
  } catch (error) {
    // the lead is in the client book; a missing notification is not worth losing it
    logger.warn('lead notification not written', { error: error as Error });
  }
  logger.info('website lead recorded', {
    websiteId: website.website_id,
    clientId: client.client_id,
    ...(listing ? { propertyId: listing.property_id } : {}),
  });
  return { client };
}
