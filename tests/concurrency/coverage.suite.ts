import { expect, it } from 'vitest';
import { eventRules } from '#contracts/event-rules';
import { PLANS } from '#contracts/plans';
import { cognitoTriggers } from '#contracts/triggers';
import { coverageOf, missingConsumerFixture, missingTriggerFixture } from './coverage.ts';
import { consumerFixtures, triggerFixtures } from './idempotency-fixtures.ts';
import { finiteLimits, limitedRoutes, missingLimitFixture, teamPlans } from './limited-routes.ts';

/**
 * The coverage lines of the concurrency and idempotency suites. Every route that consumes a
 * counted plan limit needs its race fixture, every EventBridge consumer and every Cognito
 * trigger its idempotency case: anything less fails here, so a new endpoint or consumer cannot slip by.
 */
it('races every limited route of the manifest', () => {
  const uncovered = limitedRoutes
    .map((route) => ({ route, why: missingLimitFixture(route) }))
    .filter(({ why }) => why !== undefined)
    .map(({ route, why }) => `${route.id} (${route.method} ${route.path}): ${why}`);
  const { covered, total, percent } = coverageOf(limitedRoutes.length, uncovered.length);
  const features = [...new Set(finiteLimits.map((limit) => limit.feature))].join(', ');

  console.log(
    `concurrency: limited routes covered ${covered} / ${total} (${percent}%); ` +
      `plan limits raced through lib/limits ${finiteLimits.length} (${features}), ` +
      `seat caps ${teamPlans.length} (${teamPlans.map((role) => PLANS[role].label).join(', ')})`,
  );

  expect(uncovered, uncovered.join('\n')).toEqual([]);
  expect(percent).toBe(100);
});

it('delivers the event of every consumer and every Cognito trigger three times', () => {
  const uncovered = [
    ...eventRules.map((rule) => ({
      name: `consumer ${rule.name}`,
      why: missingConsumerFixture(rule),
    })),
    ...cognitoTriggers.map((trigger) => ({
      name: `trigger ${trigger.name}`,
      why: missingTriggerFixture(trigger),
    })),
  ].filter(({ why }) => why !== undefined);
  const consumers = coverageOf(
    eventRules.length,
    eventRules.filter((rule) => missingConsumerFixture(rule)).length,
  );
  const triggers = coverageOf(
    cognitoTriggers.length,
    cognitoTriggers.filter((trigger) => missingTriggerFixture(trigger)).length,
  );
  const all = coverageOf(consumers.total + triggers.total, uncovered.length);

  console.log(
    `idempotency: consumers covered ${consumers.covered} / ${consumers.total}, ` +
      `Cognito triggers covered ${triggers.covered} / ${triggers.total} (${all.percent}%)`,
  );

  expect(uncovered.map(({ name, why }) => `${name}: ${why}`)).toEqual([]);
  expect(all.percent).toBe(100);
});

it('has idempotency cases only for rules and triggers that exist', () => {
  const knownRules = new Set(eventRules.map((rule) => rule.name));
  const knownTriggers = new Set(cognitoTriggers.map((trigger) => trigger.name));

  expect(Object.keys(consumerFixtures).filter((name) => !knownRules.has(name))).toEqual([]);
  expect(Object.keys(triggerFixtures).filter((name) => !knownTriggers.has(name))).toEqual([]);
});
