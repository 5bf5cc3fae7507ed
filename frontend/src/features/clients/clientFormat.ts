import type { ClientActivityKind, ClientColumnKey, ClientStage, ClientType } from '#contracts/client-values';
import { formatCount, numberFormat } from '../preferences/format.ts';
import type { Client } from './api.ts';

/** Labels and formatting of the clients screen: one place, so table, drawer, form and CSV agree. */

export const STAGE_LABELS: Record<ClientStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  viewing: 'Viewing',
  negotiating: 'Negotiating',
  closed: 'Closed',
  lost: 'Lost',
};

export const TYPE_LABELS: Record<ClientType, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  tenant: 'Tenant',
  landlord: 'Landlord',
  investor: 'Investor',
};

/** Badge colours per stage: cool while early, brand green when closed, muted when lost. */
export const STAGE_TONES: Record<ClientStage, string> = {
  new: 'bg-sky-50 text-sky-700 ring-sky-200',
  contacted: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  viewing: 'bg-amber-50 text-amber-800 ring-amber-200',
  negotiating: 'bg-orange-50 text-orange-700 ring-orange-200',
  closed: 'bg-brand-50 text-brand-800 ring-brand-200',
  lost: 'bg-slate-100 text-slate-600 ring-slate-200',
};

export const STAGE_DOTS: Record<ClientStage, string> = {
  new: 'bg-sky-500',
  contacted: 'bg-indigo-500',
  viewing: 'bg-amber-500',
  negotiating: 'bg-orange-500',
  closed: 'bg-brand-1',
  lost: 'bg-slate-400',
};

export const COLUMN_LABELS: Record<ClientColumnKey, string> = {
  full_name: 'Name',
  stage: 'Stage',
  type: 'Type',
  email: 'Email',
  phone: 'Phone',
  budget: 'Budget',
  preferred_areas: 'Preferred areas',
  tags: 'Tags',
  last_contact_at: 'Last contact',
  assigned_agent_id: 'Assigned to',
  agentId: 'Added by',
  source: 'Source',
  property_interests: 'Property interests',
  notes: 'Notes',
  created_at: 'Added',
};

export const ACTIVITY_LABELS: Record<ClientActivityKind, string> = {
  created: 'Added the client',
  edited: 'Edited details',
  stage_changed: 'Moved the stage',
  contacted: 'Logged a contact',
  assigned: 'Changed the assignee',
  event: 'Agenda event',
};

/** Currencies offered in the form; any other ISO code from an import is kept. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'BRL', 'AED', 'ZAR', 'JPY'] as const;

/** Where clients come from (free text; these are suggestions). */
export const SOURCE_SUGGESTIONS = [
  'Referral',
  'Website',
  'Property portal',
  'Walk-in',
  'Open house',
  'Social media',
  'Phone enquiry',
  'Past client',
];

/** Sentence case message: "Email" + "must be a valid email address". */

function money(amount: number, currency: string): string {
  try {
    return numberFormat('en', {
      style: 'currency',
      currency,
      notation: amount >= 100_000 ? 'compact' : 'standard',
      maximumFractionDigits: amount >= 100_000 ? 1 : 0,
    }).format(amount);
  } catch {
    return `${currency} ${formatCount(amount, 'en')}`;
  }
}

/** "€250K – €400K", "from €250K", "up to €400K", or '' without a budget. */
export function formatBudget(client: Pick<Client, 'budget_min' | 'budget_max' | 'currency'>): string {
  const { budget_min: min, budget_max: max, currency } = client;
  if (min !== undefined && max !== undefined) {
    return min === max ? money(min, currency) : `${money(min, currency)} – ${money(max, currency)}`;
  }
  if (min !== undefined) return `from ${money(min, currency)}`;
  if (max !== undefined) return `up to ${money(max, currency)}`;
  return '';
}

const DAY = 24 * 60 * 60 * 1000;

/** "Today", "Yesterday", "3 days ago", then "12 Mar 2026". */
export function formatRelativeDate(iso: string | undefined, now = Date.now()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const days = Math.floor((startOfToday.getTime() - date.getTime()) / DAY) + 1;
  if (date.getTime() >= startOfToday.getTime()) return 'Today';
  if (days <= 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(iso);
}

/** "Today, 10:32", "Yesterday, 18:05", else date and time: when something happened. */
export function formatWhen(iso: string | undefined, now = Date.now()): string {
  const relative = formatRelativeDate(iso, now);
  if (relative !== 'Today' && relative !== 'Yesterday') return formatDateTime(iso);
  const time = new Date(iso!).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${relative}, ${time}`;
}

export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Up to two initials of a name, for the avatar bubble. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

/** A list typed as "a, b; c" → ['a', 'b', 'c'] (commas or semicolons, blanks dropped). */
export const splitList = (text: string) =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
