import type { WebsiteDomain } from './types.ts';

/** How the Domain dialog words a custom domain's DNS proof (relative times against `now`). */

/** "just now", "2 min ago", "3 h ago", "2 days ago". */
export function timeAgo(at: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(at)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** "71 h", "45 min", "under a minute": the time left until `at`, rounded down. */
export function timeLeft(at: string, now: number): string {
  const minutes = Math.floor((Date.parse(at) - now) / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h`;
}

/** The one-line state: "Waiting for DNS proof · checked 2 min ago · lapses in 71 h", "Verified", "Lapsed". */
export function proofSummary(domain: WebsiteDomain, now: number): string {
  if (domain.status === 'active') return 'Verified';
  if (domain.status === 'lapsed')
    return domain.lapsed_at ? `Lapsed ${timeAgo(domain.lapsed_at, now)}` : 'Lapsed';
  return [
    'Waiting for DNS proof',
    domain.checked_at ? `checked ${timeAgo(domain.checked_at, now)}` : 'not checked yet',
    ...(domain.lapses_at ? [`lapses in ${timeLeft(domain.lapses_at, now)}`] : []),
  ].join(' · ');
}

/** What the last look found, in words, for a pending claim. */
export function checkFinding(domain: WebsiteDomain): string | undefined {
  if (domain.status !== 'pending' || !domain.verification) return undefined;
  switch (domain.check_result) {
    case 'not_found':
      return `No TXT record was found at ${domain.verification.name} yet. DNS changes can take a while to show.`;
    case 'other_value':
      return `There is a TXT record at ${domain.verification.name}, but not with this value.`;
    case 'dns_error':
      return 'The DNS did not answer the last check. It is tried again automatically.';
    default:
      return undefined;
  }
}

/** Why a claim lapsed, and what to do about it. */
export function lapseExplanation(domain: WebsiteDomain): string {
  return domain.lapsed_reason === 'taken'
    ? `Another website proved ${domain.domain} first, so it is connected there. If the domain is yours, check who has access to its DNS.`
    : `The TXT record was not seen within 72 hours, so this claim lapsed. Connect ${domain.domain} again to get a new record.`;
}
