import { randomUUID } from 'node:crypto';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { ACCOUNT_TYPE_ATTRIBUTE, type AccountType, AGENCY_NAME_ATTRIBUTE } from '#contracts/app-config';
import { Agency, type AgencyItem, Agent, type AgentItem } from '#platform/accounts/entities';
import { isConditionFailure } from '#platform/data/entity';
import { logger } from '#platform/logger';

/** Longest name the API accepts for an agent or an agency (the `agentPatch`/`agencyPatch` limit). */
const MAX_NAME_LENGTH = 120;

/** What sign-up tells us about a new account. */
export interface NewAccount {
  agentId: string;
  email: string;
  fullName: string;
  accountType: AccountType;
  agencyName?: string;
}

export interface ProvisionedAccount {
  agent: AgentItem;
  agency?: AgencyItem;
  /** false when the account already existed (a retried or repeated confirmation) */
  created: boolean;
}

const clean = (value: string | undefined) => value?.trim().slice(0, MAX_NAME_LENGTH) || undefined;

/** Reads the user pool attributes of a confirmed user (federated users may lack `name`). */
export function accountFromAttributes(
  attributes: Record<string, string | undefined>,
  userName?: string,
): NewAccount {
  const agentId = attributes.sub ?? userName;
  if (!agentId) throw new Error('the confirmed user has no sub');
  const email = attributes.email?.trim() ?? '';
  const fullName =
    clean(attributes.name) ??
    clean([attributes.given_name, attributes.family_name].filter(Boolean).join(' ')) ??
    clean(email.split('@')[0]) ??
    'New Agent';
  const agencyName = clean(attributes[AGENCY_NAME_ATTRIBUTE]);
  return {
    agentId,
    email,
    fullName,
    accountType: attributes[ACCOUNT_TYPE_ATTRIBUTE] === 'agency' ? 'agency' : 'agent',
    ...(agencyName ? { agencyName } : {}),
  };
}

/**
 * Creates the agent record of a newly confirmed account on the Free Plan (role Superagent), and for an
 * agency account its agency with the agent as admin. Idempotent: a repeated call finds the agent and
 * creates nothing. Never half-written: the agency is written first and the agent last, conditionally;
 * when the agent write does not land, the agency this call wrote is removed again, so no agent record
 * ever points at a missing agency (at worst an unreferenced agency stays behind, and is logged).
 */
export async function provisionAccount(account: NewAccount): Promise<ProvisionedAccount> {
  const existing = await Agent.get({ agent_id: account.agentId }, { consistent: true });
  if (existing) return { agent: existing, created: false };

  let agency: AgencyItem | undefined;
  if (account.accountType === 'agency') {
    agency = await Agency.create({
      id: randomUUID(),
      name: account.agencyName ?? clean(`${account.fullName}'s Agency`)!,
      type: 'other',
      // agentCount counts the members the admin brings in, not the admin (seat caps, docs/decisions.md)
      agentCount: 0,
      admin_agent_id: account.agentId,
    });
  }

  try {
    const agent = await Agent.create({
      agent_id: account.agentId,
      email: account.email,
      full_name: account.fullName,
      role: 'Superagent',
      subscription_status: 'active',
      ...(agency ? { agency_id: agency.id, user_type: 'admin' as const } : {}),
    });
    logger.info('account provisioned', { agentId: account.agentId, agencyId: agency?.id });
    return { agent, ...(agency ? { agency } : {}), created: true };
  } catch (error) {
    if (!isConditionFailure(error)) {
      if (agency) await discardAgency(agency.id, account.agentId);
      throw error;
    }
    // A concurrent confirmation of the same user won the race: keep its records, drop ours.
    if (agency) await discardAgency(agency.id, account.agentId);
    const winner = await Agent.get({ agent_id: account.agentId }, { consistent: true });
    if (!winner) throw error;
    return { agent: winner, created: false };
  }
}

/**
 * Removes an agency this call wrote whose agent write did not land, unless the agent record does point
 * at it (a write that timed out may still have succeeded). When in doubt the agency stays: an
 * unreferenced agency is harmless, a dangling agency id is not.
 */
async function discardAgency(agencyId: string, agentId: string): Promise<void> {
  try {
    const agent = await Agent.get({ agent_id: agentId }, { consistent: true });
    if (agent?.agency_id === agencyId) return;
    await Agency.delete({ id: agencyId });
  } catch (error) {
    logger.error('unreferenced agency left behind', { agencyId, agentId, error: error as Error });
  }
}

/**
 * Cognito PostConfirmation trigger: provisions the account on sign-up confirmation (also called by the
 * local cloud's Google stand-in for a federated first sign-in). Cognito requires the event back.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  // A confirmed password reset is not a new account.
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  await provisionAccount(accountFromAttributes(event.request.userAttributes, event.userName));
  return event;
}
