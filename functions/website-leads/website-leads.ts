import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { planFor } from '#contracts/plans';
import { PENDING_LEAD_DAYS } from '#contracts/schemas/pending-leads';
import { DEFAULT_CURRENCY } from '#contracts/schemas/preferences';
import type { WebsiteListingLeadInput } from '#contracts/schemas/website-leads';
import {
  Client,
  type ClientItem,
  PendingLead,
  type PendingLeadItem,
  type PendingLeadReason,
  pendingLeadId,
  recordClientActivities,
} from '#functions/clients/entities';
import { type LeadDetails, leadActivitySummary, leadClient } from '#functions/clients/pending-leads';
import { notify } from '#functions/notifications/entities';
import { AgentPreferences } from '#functions/preferences/entities';
import { Property, type PropertyItem } from '#functions/properties/entities';
import type { WebsiteItem } from '#functions/websites/entities';
import { Agent } from '#platform/accounts/entities';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { parseFormBody } from '#platform/body';
import { cancellationCodes, isConditionFailure, transactWrite } from '#platform/data/entity';
import { gt, lt, notExists, or } from '#platform/data/expression';
import { HttpError } from '#platform/errors';
import { logger } from '#platform/logger';
import { isFromCloudFront } from '#platform/origin-verify';
import { type LeadCapWindow, LeadRateCounter, type LeadSenderKind, WebsiteLeadCount } from './entities.ts';

/**
 * Contact-form leads of published websites (docs/website-builder.md "Publishing"): the visitor becomes a
 * client of the site's agent (source `website`) while the agent has room under the plan's clients limit,
 * else waits as a pending lead for the agent (docs/decisions.md, "Leads never take the agent's own room");
 * rate-limited per website and sender, and capped per website per hour and per day.
 */

/** Messages one sender may send one website in an hour: by network address, and by email address. */
export const LEAD_RATE_LIMITS: Readonly<Record<LeadSenderKind, number>> = { ip: 10, email: 5 };
export const LEAD_RATE_LIMITED_MESSAGE =
  'You have sent this website too many messages in the last hour. Please try again later.';

/** The fragments the form's page reads to show its notice. */
export const LEAD_SENT_FRAGMENT = '#lead-sent';
export const LEAD_NOT_SENT_FRAGMENT = '#lead-not-sent';

/**
 * Leads one website takes in an hour and in a day, whoever sends them: a flood from many addresses stops
 * here (a busy site's real visitors send a few a day; a launch campaign's peak is well under the hourly cap).
 */
export const WEBSITE_LEAD_CAPS: Readonly<Record<LeadCapWindow, number>> = { hour: 30, day: 150 };
export const WEBSITE_LEAD_CAP_MESSAGES: Readonly<Record<LeadCapWindow, string>> = {
  hour: 'This website has received more messages than usual in the last hour, so yours was not sent. Please try again later, or contact the agent by phone or email.',
  day: 'This website has received more messages than usual today, so yours was not sent. Please try again tomorrow, or contact the agent by phone or email.',
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The sender's network address. Through CloudFront (the request carried the origin-verify secret,
 * functions/platform/origin-verify.ts) it is CloudFront's `CloudFront-Viewer-Address`: the API's source address is
 * then an edge server shared by many visitors, so without the viewer address the per-address limit is
 * skipped (only the email limit applies). Any other request reached the API directly: its source address is
 * the sender's, and a `CloudFront-Viewer-Address` it sent was removed as the caller's own claim.
 */
export function senderAddress(event: APIGatewayProxyEventV2): string | undefined {
  if (!isFromCloudFront(event)) return event.requestContext?.http?.sourceIp;
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  logger.warn('lead through CloudFront without CloudFront-Viewer-Address: the per-address limit is skipped');
  return undefined;
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
      throw tooManyLeads(LEAD_RATE_LIMITED_MESSAGE, hourStart + HOUR_MS, now);
    }
  }
}

/** The 429 of a lead past a limit: the message, and the seconds until the window ends (`Retry-After`). */
function tooManyLeads(message: string, windowEnd: number, now: Date): HttpError {
  const retryAfter = Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000));
  return new HttpError(429, message, { body: { retry_after: retryAfter } });
}

/**
 * Takes one lead of the website's hourly and daily caps: one transaction of two conditional ADDs, so N
 * concurrent posts let exactly the cap through and a lead refused by one cap is counted in neither. A 429
 * names the cap that refused it (the hour's first) and when it frees up.
 */
export async function takeWebsiteLeadCap(websiteId: string, now = new Date()): Promise<void> {
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const windows = [
    { window: 'hour', period: new Date(hourStart).toISOString().slice(0, 13), end: hourStart + HOUR_MS },
    { window: 'day', period: new Date(dayStart).toISOString().slice(0, 10), end: dayStart + DAY_MS },
  ] as const;
  try {
    await transactWrite(
      windows.map(({ window, period, end }) =>
        WebsiteLeadCount.transact.update(
          { website_id: websiteId, window, period },
          { set: { expires_at: Math.floor((end + HOUR_MS) / 1000) }, add: { count: 1 } },
          { mustExist: false, if: or(notExists('count'), lt('count', WEBSITE_LEAD_CAPS[window])) },
        ),
      ),
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    const refused = codes && windows.find((_, index) => codes[index] === 'ConditionalCheckFailed');
    if (!refused) throw error;
    throw tooManyLeads(WEBSITE_LEAD_CAP_MESSAGES[refused.window], refused.end, now);
  }
}

/** Why a lead could not be taken at all (the visitor is told politely; nothing is written). */
export type LeadRefusal = 'no_agent';

/** What became of a lead: a client, or a lead waiting for the agent (and why). */
export type LeadOutcome = { client: ClientItem } | { pending: PendingLeadItem } | { refused: LeadRefusal };

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

/** Whether any lead of the agent is waiting (a consistent read of its partition; past-time leads do not count). */
export async function hasPendingLeads(agentId: string): Promise<boolean> {
  const page = await PendingLead.query(
    'primary',
    { agent_id: agentId },
    { limit: 1, consistent: true, filter: gt('expires_at', Math.floor(Date.now() / 1000)) },
  );
  return page.items.length > 0;
}

function leadDetails(
  website: Pick<WebsiteItem, 'website_id' | 'name'>,
  lead: WebsiteListingLeadInput,
  listing: Pick<PropertyItem, 'property_id' | 'title'> | undefined,
): LeadDetails {
  return {
    website_id: website.website_id,
    website_name: website.name,
    full_name: lead.name,
    email: lead.email,
    ...(lead.phone ? { phone: lead.phone } : {}),
    ...(lead.message ? { message: lead.message } : {}),
    ...(lead.page ? { page: lead.page } : {}),
    ...(listing ? { property_id: listing.property_id, property_title: listing.title } : {}),
  };
}

/** The agent's display currency, which a lead's (empty) budget is in. */
async function currencyOf(agentId: string): Promise<string> {
  const preferences = await AgentPreferences.get({ agent_id: agentId });
  return preferences?.currency_preference ?? DEFAULT_CURRENCY;
}

const PENDING_NOTICES: Readonly<Record<PendingLeadReason, string>> = {
  clients_limit: "it waits on your Clients page: you're at your plan's client limit",
  queued: "it waits on your Clients page with your other waiting leads: you're at your plan's client limit",
  subscription_inactive: 'it waits on your Clients page until your subscription is active again',
};

/**
 * Takes a visitor's lead for the website's agent. It becomes a client at once while the agent's plan has
 * room and no earlier lead is waiting (on a plan without a clients limit, always): one `clients` slot is
 * reserved first (the same atomic reservation as POST /api/clients) and given back if the write fails.
 * Otherwise — the book full, earlier leads waiting, the subscription not active — it waits as a pending
 * lead, outside the client book and its count, so leads never take a slot the agent's own "Add client"
 * could use. Either way the agent is notified.
 */
export async function takeLead(
  website: Pick<WebsiteItem, 'website_id' | 'agent_id' | 'name'>,
  lead: WebsiteListingLeadInput,
): Promise<LeadOutcome> {
  const agent = await Agent.get({ agent_id: website.agent_id });
  if (!agent) return { refused: 'no_agent' };
  const status = agent.subscription_status ?? 'active';
  const active = status !== 'payment_failed' && status !== 'expired';
  const limited = planFor(agent.role).limits.clients !== null;
  const listing = await leadListingOf(website, lead.property_id || undefined);
  const details = leadDetails(website, lead, listing);
  const about = listing ? ` about "${listing.title}"` : '';
  const now = new Date().toISOString();

  let reason: PendingLeadReason = 'subscription_inactive';
  if (active) {
    reason = limited && (await hasPendingLeads(agent.agent_id)) ? 'queued' : 'clients_limit';
  }
  if (active && reason !== 'queued') {
    const subject = { agentId: agent.agent_id, role: agent.role };
    let reserved = true;
    try {
      await reserveFeature(subject, 'clients');
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 403)) throw error;
      reserved = false;
    }
    if (reserved) {
      let client: ClientItem;
      try {
        const owner = {
          agentId: agent.agent_id,
          agencyId: agent.agency_id,
          currency: await currencyOf(agent.agent_id),
        };
        client = await Client.create(leadClient(owner, details, now));
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
          summary: leadActivitySummary(details),
        },
      ]);
      await notifyQuietly(agent.agent_id, {
        message: `New lead from your website "${website.name}"${about}: ${lead.name}`,
        dedupeKey: `lead:${client.client_id}`,
        at: now,
      });
      logger.info('website lead recorded', {
        websiteId: website.website_id,
        clientId: client.client_id,
        ...(listing ? { propertyId: listing.property_id } : {}),
      });
      return { client };
    }
  }

  const pending = await PendingLead.create({
    ...details,
    agent_id: agent.agent_id,
    lead_id: pendingLeadId(new Date(now)),
    reason,
    received_at: now,
    expires_at: Math.floor(Date.parse(now) / 1000) + PENDING_LEAD_DAYS * 24 * 60 * 60,
  });
  await notifyQuietly(agent.agent_id, {
    message: `New lead from your website "${website.name}"${about}: ${lead.name} — ${PENDING_NOTICES[reason]}`,
    dedupeKey: `pending-lead:${pending.lead_id}`,
    at: now,
  });
  logger.info('website lead waiting', { websiteId: website.website_id, leadId: pending.lead_id, reason });
  return { pending };
}

/** A lead notification; a missing one is logged, never worth losing the lead for. */
async function notifyQuietly(
  agentId: string,
  notification: { message: string; dedupeKey: string; at: string },
) {
  try {
    await notify(agentId, { kind: 'lead', link: '/clients', ...notification });
  } catch (error) {
    logger.warn('lead notification not written', { error: error as Error });
  }
}

// ---- the answer a visitor's browser gets ----------------------------------------------------------------

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page the form was on, when it is a path on the site (as the 303s require); else the site's home. */
function formPage(event: APIGatewayProxyEventV2): string {
  try {
    const page = (parseFormBody(event).body as Record<string, unknown>).page;
    if (typeof page === 'string' && /^\/(?![/\\])[^\\\s#?]*$/.test(page)) return page;
  } catch {
    // a body that does not parse: the home page
  }
  return '/';
}

/** "about 40 minutes", "about 3 hours": when the visitor may try again. */
function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hours`;
}

/** The 429 a browser shows: the message, when to try again, and the way back to the form. */
export function leadRefusedPage(message: string, retryAfter: number, page: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex"><title>Your message was not sent</title>',
    '<style>body{margin:0;padding:0 16px;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#f8f9fa}',
    'main{max-width:34rem;margin:12vh auto;padding:32px;background:#fff;border:1px solid #dee2e6;border-radius:8px}',
    'h1{margin:0 0 12px;font-size:1.4rem}p{margin:0 0 12px}a{color:#0b5ed7}</style></head><body><main>',
    '<h1>Your message was not sent</h1>',
    `<p role="alert">${escapeHtml(message)}</p>`,
    `<p>You can send it again in ${waitInWords(retryAfter)}. What you wrote is still in the form: use your browser’s Back button to return to it.</p>`,
    `<p><a href="${escapeHtml(page)}">Back to the website</a></p>`,
    '</main></body></html>',
  ].join('');
}

type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The lead route's answers as a browser and an API client each read them: a 429 (a sender limit or a
 * website cap) always carries `Retry-After`; to a browser's form post (it accepts text/html) it is a small
 * page with the message and the way back to the form, since a plain HTML form shows whatever comes back.
 */
export function answeringForms(handler: HttpHandler): HttpHandler {
  return async (event, context) => {
    const result = await handler(event, context);
    if (result.statusCode !== 429 || typeof result.body !== 'string') return result;
    let refusal: { error?: unknown; retry_after?: unknown } = {};
    try {
      refusal = JSON.parse(result.body) as typeof refusal;
    } catch {
      return result;
    }
    const retryAfter = typeof refusal.retry_after === 'number' ? refusal.retry_after : 60;
    const headers = { ...result.headers, 'retry-after': String(retryAfter) };
    if (!/\btext\/html\b/i.test(event.headers?.accept ?? '')) return { ...result, headers };
    const message = typeof refusal.error === 'string' ? refusal.error : LEAD_RATE_LIMITED_MESSAGE;
    return {
      statusCode: 429,
      headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      body: leadRefusedPage(message, retryAfter, formPage(event)),
    };
  };
}
