import type { ScheduledEvent } from 'aws-lambda';
import { publishEvent } from '#aws/events';
import { WEBSITE_CONTENT_MODEL } from '#contracts/schemas/websites';
import { Website, WebsiteBackup, type WebsiteItem, WebsiteTemplate } from '#functions/websites/entities';
import { builtInTemplateCss } from '#functions/websites/website-templates';
import { healWebsiteContent, readContentObject, writeContentObject } from '#functions/websites/websites';
import { Agent } from '#platform/accounts/entities';
import { defineScheduledJob } from '#platform/consumer';
import { isConditionFailure } from '#platform/data/entity';
import { eq, exists } from '#platform/data/expression';
import { logger } from '#platform/logger';

const ignoreConditionFailure = (error: unknown) => {
  if (!isConditionFailure(error)) throw error;
};

/** A run stops starting new work this long before its Lambda timeout; the next run goes on. */
const RESERVE_MS = 10_000;

export interface HealReport {
  /** content objects read (websites' current content, their backups, agents' own templates) */
  checked: number;
  /** objects rewritten healed */
  healed: number;
  /** published websites whose pages were regenerated from healed content */
  republished: number;
}

/**
 * The one-time migration of issue 16 (docs/website-builder.md, "Content"): content saved before content
 * model 2 has its CSS rules repeated once per page per save and the template's `var()` shorthands dropped.
 * Each such object — a website's content, its backups, an agent's own template — is rewritten healed, in
 * place (the same key, so items and backups keep pointing at it), and a published website's pages are
 * regenerated from it. Healed objects carry the model number, so a second run, or a run overlapping
 * another, reads them and writes nothing: it runs after every deploy and daily, and costs a read per
 * object once everything is healed. Templates built in code and blank sites are born with the model.
 * Websites and templates are found agent by agent (the agents directory's index, then each agent's
 * websites and templates), each a Query: no deployed function may scan the table
 * (contracts/function-access.ts).
 */
export const handler = defineScheduledJob(
  async (
    event: Partial<ScheduledEvent<{ websiteIds?: string[] }>> | undefined,
    timeLeft,
  ): Promise<HealReport> => {
    // an operator may heal chosen websites only: `{"detail": {"websiteIds": [...]}}`
    const only = event?.detail?.websiteIds;
    const report: HealReport = { checked: 0, healed: 0, republished: 0 };

    /** Heals one object in place; answers its new size, or undefined when it needed nothing. */
    async function healObject(key: string, templateCss: string | undefined): Promise<number | undefined> {
      const stored = await readContentObject(key);
      report.checked += 1;
      if (!stored || (stored.metadata?.contentModel ?? 0) >= WEBSITE_CONTENT_MODEL) return undefined;
      const { size } = await writeContentObject(key, healWebsiteContent(stored, templateCss));
      report.healed += 1;
      return size;
    }

    /** Heals a website's content and backups, and regenerates its pages when it is published. */
    async function healWebsite(website: WebsiteItem): Promise<void> {
      const templateCss = builtInTemplateCss(website.theme_id);
      const size = await healObject(website.content_key, templateCss);
      // the sizes the backups list shows; a save that moved the website on meanwhile keeps its own
      if (size !== undefined)
        await Website.update(
          { website_id: website.website_id },
          { set: { content_size: size } },
          { if: eq('content_key', website.content_key) },
        ).catch(ignoreConditionFailure);
      for (const backup of await WebsiteBackup.queryAll('primary', { website_id: website.website_id })) {
        const backupSize = await healObject(backup.content_key, templateCss);
        if (backupSize !== undefined)
          await WebsiteBackup.update(
            backup,
            { set: { size: backupSize } },
            { if: exists('backup_id') },
          ).catch(ignoreConditionFailure);
      }
      if (size !== undefined && website.status === 'published' && !website.deleted_at) {
        await publishEvent('WebsiteContentForced', {
          websiteId: website.website_id,
          agentId: website.agent_id,
          allPages: true,
          forcePublished: false,
        });
        report.republished += 1;
      }
    }

    if (only) {
      for (const id of only) {
        if (timeLeft() < RESERVE_MS) break;
        const website = await Website.get({ website_id: id }, { consistent: true });
        if (website) await healWebsite(website);
      }
    } else {
      agents: for (const agent of await Agent.queryAll('directory', {})) {
        for (const website of await Website.queryAll('byAgent', { agent_id: agent.agent_id })) {
          if (timeLeft() < RESERVE_MS) break agents;
          await healWebsite(website);
        }
        for (const template of await WebsiteTemplate.queryAll('byAgent', { agent_id: agent.agent_id })) {
          if (timeLeft() < RESERVE_MS) break agents;
          await healObject(template.content_key, builtInTemplateCss(template.theme_id));
        }
      }
    }
    if (report.healed > 0) logger.info('website styles healed', { ...report });
    return report;
  },
);
