import type { ScheduledEvent } from 'aws-lambda';
import {
  AgentSearchToken,
  type AgentSearchTokenItem,
  agentSearchTokenActions,
} from '#platform/accounts/agent-search';
import { Agent } from '#platform/accounts/entities';
import { defineScheduledJob } from '#platform/consumer';
import { cancellationCodes, transactWrite } from '#platform/data/entity';
import { and, eq, notExists } from '#platform/data/expression';
import { logger } from '#platform/logger';

/** A run stops starting new work this long before its Lambda timeout; the next run goes on. */
const RESERVE_MS = 10_000;

export interface IndexReport {
  /** agents whose tokens were compared with their name and city */
  checked: number;
  /** agents whose tokens were (re)written */
  indexed: number;
}

/** What a token says, to compare the stored ones with those the agent's name and city make. */
const signature = (token: Partial<AgentSearchTokenItem>) =>
  JSON.stringify([
    token.kind,
    token.slot,
    token.word,
    token.previous ?? null,
    token.name_words,
    token.name_order,
    token.city_words ?? null,
  ]);

/**
 * The one-time migration of issue 21 (docs/decisions.md, "Directory search by word tokens"): agents written
 * before the directory's search tokens existed get theirs. An agent whose tokens already are what its name
 * and city make is left alone, so a second run, or one overlapping another, writes nothing (it runs after
 * every deploy and daily, and costs a read per agent once all are indexed). Each write is conditional on the
 * name and city it was made from: an agent renamed meanwhile keeps the tokens its rename wrote. The agents
 * are read from the directory's index (every agent, one Query partition), not by a Scan: no deployed
 * function may scan the table (contracts/function-access.ts).
 */
export const handler = defineScheduledJob(
  async (_event: Partial<ScheduledEvent> | undefined, timeLeft): Promise<IndexReport> => {
    const report: IndexReport = { checked: 0, indexed: 0 };
    for (const agent of await Agent.queryAll('directory', {})) {
      if (timeLeft() < RESERVE_MS) break;
      report.checked += 1;
      const actions = agentSearchTokenActions(agent);
      const wanted = actions.flatMap((action) => (action.Put ? [signature(action.Put.Item!)] : []));
      const stored = await AgentSearchToken.queryAll(
        'primary',
        { agent_id: agent.agent_id },
        { consistent: true },
      );
      if (wanted.sort().join() === stored.map(signature).sort().join()) continue;
      try {
        await transactWrite([
          Agent.transact.check(
            { agent_id: agent.agent_id },
            and(
              eq('full_name', agent.full_name),
              agent.city === undefined ? notExists('city') : eq('city', agent.city),
            ),
          ),
          ...actions,
        ]);
        report.indexed += 1;
      } catch (error) {
        // renamed, moved or deleted since the query read it: that write kept the tokens in step
        if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed') throw error;
      }
    }
    if (report.indexed > 0) logger.info('agents indexed for the directory search', { ...report });
    return report;
  },
);
