import type { DeedState, OwnerState } from '#contracts/verification-values';

/** How a verification's state reads and looks, wherever the app shows it (badge text and tone). */
export type StateTone = 'neutral' | 'pending' | 'good' | 'bad';

export const DEED_STATE_LABELS: Record<DeedState, { label: string; tone: StateTone }> = {
  not_requested: { label: 'Not requested', tone: 'neutral' },
  pending_review: { label: 'Pending review', tone: 'pending' },
  approved: { label: 'Approved', tone: 'good' },
  rejected: { label: 'Rejected', tone: 'bad' },
};

export const OWNER_STATE_LABELS: Record<OwnerState, { label: string; tone: StateTone }> = {
  not_requested: { label: 'Not requested', tone: 'neutral' },
  sent: { label: 'Email sent', tone: 'pending' },
  confirmed: { label: 'Confirmed', tone: 'good' },
  declined: { label: 'Declined', tone: 'bad' },
  expired: { label: 'Link expired', tone: 'bad' },
};

export const TONE_CLASSES: Record<StateTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
};

/** "4 Jan 2026" */
export const shortDate = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '';
