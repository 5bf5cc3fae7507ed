import { randomUUID } from 'node:crypto';
import type { PendingLeadView } from '#contracts/schemas/pending-leads';
import { DEFAULT_CURRENCY } from '#contracts/schemas/preferences';
import { AgentPreferences } from '#functions/preferences/entities';
import { limitReachedError, reserveFeatureAction } from '#platform/accounts/limits';
import type { Identity } from '#platform/auth';
import { cancellationCodes, type Page, transactWrite } from '#platform/data/entity';
import { exists, gt } from '#platform/data/expression';
import { HttpError, notFound } from '#platform/errors';
import { invocationTimeLeft } from '#platform/invocation-deadline';
import { logger } from '#platform/logger';
import { actorOf } from './clients.ts';
import {
  Client,
  type ClientItem,
  PendingLead,
  type PendingLeadItem,
  recordClientActivities,
} from './entities.ts';

/** What a waiting lead keeps of the form and its website: everything its client will be made from. */
export type LeadDetails = Omit<
  PendingLeadItem,
  'agent_id' | 'lead_id' | 'reason' | 'received_at' | 'expires_at'
>;

/**
 * The client a lead becomes (a new buyer, source `website`, tagged `website-lead`): the message as the note,
 * after a line naming the website, the page and the listing. Made the same way at once and from the waiting
 * list, so an added lead reads exactly as one that never waited.
 */
export function leadClient(
  owner: { agentId: string; agencyId?: string | undefined; currency: string },
  details: LeadDetails,
  createdAt: string,
): ClientItem {
  const note = [
    `Contact form on the website "${details.website_name}"${details.page ? ` (page ${details.page})` : ''}${
      details.property_id ? `, about the listing "${details.property_title}" (${details.property_id})` : ''
    }.`,
  ];
  if (details.message) note.push(details.message);
  return {
    client_id: randomUUID(),
    agentId: owner.agentId,
    ...(owner.agencyId ? { agencyId: owner.agencyId } : {}),
    full_name: details.full_name,
    email: details.email,
    ...(details.phone ? { phone: details.phone } : {}),
    type: 'buyer',
    stage: 'new',
    currency: owner.currency,
    preferred_areas: [],
    property_interests: details.property_id ? [details.property_id] : [],
    tags: ['website-lead'],
    source: 'website',
    notes: note.join('\n\n'),
    created_at: createdAt,
  };
}

/** The activity line of a client made from a lead. */
export const leadActivitySummary = (details: Pick<LeadDetails, 'website_name' | 'property_title'>) =>
  `Lead from the website "${details.website_name}"${details.property_title ? ` about "${details.property_title}"` : ''}`;

/**
 * The agent's waiting leads (docs/decisions.md, "Leads never take the agent's own room"): listed, added to
 * the client book one by one or all at once while the plan has room, or dismissed. Adding one is a single
 * transaction — the `clients` reservation (the same conditional ADD as POST /api/clients), the client, and
 * the waiting lead's removal on condition that it is still there — so a lead becomes at most one client, a
 * refused one stays waiting, and the count always equals the book.
 */

/** Leads "Add all" takes per request; the answer says how many still wait. */
export const ACCEPT_ALL_BATCH = 50;
/** "Add all" stops taking leads this long before the invocation would time out. */
const DEADLINE_MARGIN_MS = 2_000;

const leadKey = (agentId: string, leadId: string) => ({ agent_id: agentId, lead_id: leadId });
const isWaiting = (lead: PendingLeadItem, now = Date.now()) => lead.expires_at * 1000 > now;

export function pendingLeadView(lead: PendingLeadItem): PendingLeadView {
  const { agent_id: _agent, expires_at, ...view } = lead;
  return { ...view, expires_at: new Date(expires_at * 1000).toISOString() };
}

/** A page of the caller's waiting leads, oldest first (leads past their time are gone, whatever TTL's lag). */
export async function listPendingLeads(
  identity: Pick<Identity, 'agentId'>,
  options: { cursor?: string | undefined; limit: number },
): Promise<Page<PendingLeadItem>> {
  const now = Date.now();
  return PendingLead.query(
    'primary',
    { agent_id: identity.agentId },
    {
      limit: options.limit,
      filter: gt('expires_at', Math.floor(now / 1000)),
      ...(options.cursor ? { cursor: options.cursor } : {}),
    },
  );
}

async function currencyOf(agentId: string): Promise<string> {
  const preferences = await AgentPreferences.get({ agent_id: agentId });
  return preferences?.currency_preference ?? DEFAULT_CURRENCY;
}

/**
 * Makes one waiting lead a client of the caller (in its agency, if it has one): 403 `Feature limit reached`
 * when the plan has no room (the lead keeps waiting), 404 when it is not waiting (another agent's, added or
 * dismissed meanwhile, past its time).
 */
export async function acceptPendingLead(
  identity: Identity,
  lead: PendingLeadItem,
  currency?: string,
): Promise<ClientItem> {
  if (!isWaiting(lead)) throw notFound('Lead');
  const owner = {
    agentId: identity.agentId,
    agencyId: identity.agencyId,
    currency: currency ?? (await currencyOf(identity.agentId)),
  };
  const client = leadClient(owner, lead, new Date().toISOString());
  try {
    await transactWrite([
      reserveFeatureAction(identity, 'clients'),
      Client.transact.create(client),
      PendingLead.transact.delete(leadKey(identity.agentId, lead.lead_id), { if: exists('lead_id') }),
    ]);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') throw await limitReachedError(identity, 'clients');
    if (codes?.[2] === 'ConditionalCheckFailed') throw notFound('Lead');
    throw error;
  }
  await recordClientActivities([
    {
      clientId: client.client_id,
      kind: 'created',
      actor: actorOf(identity),
      at: client.created_at,
      summary: `${leadActivitySummary(lead)}, received ${lead.received_at.slice(0, 10)}`,
    },
  ]);
  logger.info('waiting lead added to the clients', { leadId: lead.lead_id, clientId: client.client_id });
  return client;
}

/** The caller's waiting lead by id, or 404 (another agent's lead is simply not in the caller's partition). */
export async function getPendingLead(identity: Pick<Identity, 'agentId'>, leadId: string) {
  const lead = await PendingLead.get(leadKey(identity.agentId, leadId), { consistent: true });
  if (!lead || !isWaiting(lead)) throw notFound('Lead');
  return lead;
}

/**
 * "Add all": the caller's waiting leads, oldest first, made clients one transaction each until the plan's
 * limit stops it (or ACCEPT_ALL_BATCH are done). Nothing fitting at all is the limit's 403; otherwise the
 * answer counts what was added and what still waits.
 */
export async function acceptAllPendingLeads(
  identity: Identity,
): Promise<{ accepted: number; remaining: number }> {
  const waiting = (await PendingLead.queryAll('primary', { agent_id: identity.agentId })).filter((lead) =>
    isWaiting(lead),
  );
  const currency = await currencyOf(identity.agentId);
  let accepted = 0;
  let gone = 0;
  for (const lead of waiting.slice(0, ACCEPT_ALL_BATCH)) {
    const timeLeft = invocationTimeLeft();
    if (timeLeft !== undefined && timeLeft < DEADLINE_MARGIN_MS) break;
    try {
      await acceptPendingLead(identity, lead, currency);
      accepted += 1;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.statusCode === 404) {
        // added or dismissed by another request meanwhile
        gone += 1;
        continue;
      }
      if (accepted === 0) throw error;
      break;
    }
  }
  return { accepted, remaining: Math.max(0, waiting.length - accepted - gone) };
}

/** Removes one waiting lead (404 when it is not waiting). */
export async function dismissPendingLead(identity: Pick<Identity, 'agentId'>, leadId: string) {
  const removed = await PendingLead.delete(leadKey(identity.agentId, leadId));
  if (!removed || !isWaiting(removed)) throw notFound('Lead');
}

/** Removes every waiting lead of the caller; answers how many were waiting. */
export async function dismissAllPendingLeads(identity: Pick<Identity, 'agentId'>): Promise<number> {
  const leads = await PendingLead.queryAll('primary', { agent_id: identity.agentId });
  for (let start = 0; start < leads.length; start += 25) {
    await Promise.all(
      leads
        .slice(start, start + 25)
        .map((lead) => PendingLead.delete(leadKey(identity.agentId, lead.lead_id))),
    );
  }
  return leads.filter((lead) => isWaiting(lead)).length;
}
