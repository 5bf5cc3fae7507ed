import type { EventRule } from './event-rules.ts';

/**
 * Functions that run on a timer: an EventBridge schedule rule each in AWS (infra/lib/scheduled-jobs.ts),
 * a timer in the local cloud (local/cloud.ts) that invokes the same handler file. Each must be safe to run
 * twice at once (a run may outlast its interval).
 */
export interface ScheduledJob {
  /** rule name, also the function's id */
  name: string;
  description: string;
  /** handler file exporting `handler` */
  handler: string;
  /** minutes between runs in AWS */
  everyMinutes: number;
  /** seconds between runs in the local cloud (short, so trash expiry and abandoned uploads show quickly) */
  localEverySeconds: number;
  timeoutSeconds: number;
  resources: EventRule['resources'];
  /** deploy-time settings the job reads (stage config → environment variable) */
  settings?: readonly 'exchangeRatesUrl'[];
  /** also run once after each deployment (a CDK Trigger in AWS; at start in the local cloud): migrations */
  runAfterDeploy?: true;
}

export const scheduledJobs: readonly ScheduledJob[] = [
  {
    name: 'purge-cloud',
    description: 'Deletes expired trash (objects included, storage given back) and abandoned uploads',
    handler: 'events/consumers/purge-cloud.ts',
    everyMinutes: 60,
    localEverySeconds: 60,
    timeoutSeconds: 300,
    resources: { table: 'readwrite', buckets: { files: { readwrite: ['cloud', 'uploads'] } } },
  },
  {
    name: 'refresh-exchange-rates',
    description:
      'Refreshes the exchange rates from the configured provider (the bundled snapshot without one); listings in other currencies follow new rates in search',
    handler: 'events/consumers/refresh-exchange-rates.ts',
    everyMinutes: 360,
    localEverySeconds: 600,
    // the refresh is seconds; moving the search entries of listings in other currencies may take longer
    timeoutSeconds: 300,
    resources: { table: 'readwrite' },
    settings: ['exchangeRatesUrl'],
  },
  {
    name: 'heal-website-styles',
    description:
      'Heals website content saved before content model 2 (CSS rules repeated per save, var() values dropped)',
    handler: 'events/consumers/heal-website-styles.ts',
    everyMinutes: 1440,
    localEverySeconds: 3600,
    timeoutSeconds: 900,
    resources: {
      table: 'readwrite',
      buckets: { content: { readwrite: ['websites', 'templates'] } },
      bus: true,
    },
    runAfterDeploy: true,
  },
  {
    name: 'index-agent-search',
    description: "Gives agents written before the directory's search tokens existed theirs (issue 21)",
    handler: 'events/consumers/index-agent-search.ts',
    everyMinutes: 1440,
    // at start (after a deploy) is what matters locally: agents written since have their tokens
    localEverySeconds: 86_400,
    timeoutSeconds: 900,
    resources: { table: 'readwrite' },
    runAfterDeploy: true,
  },
  {
    name: 'check-domain-proofs',
    description:
      'Looks for the DNS TXT proof of every pending custom domain: proven ones go live, unproven ones lapse after 72 hours',
    handler: 'events/consumers/check-domain-proofs.ts',
    everyMinutes: 10,
    // locally the stand-in DNS answers at once; "Check now" in the Domain dialog does not wait for it
    localEverySeconds: 60,
    timeoutSeconds: 300,
    resources: { table: 'readwrite', bus: true, siteDomains: true },
  },
];
