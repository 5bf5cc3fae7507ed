import type { EventRule } from '#contracts/event-rules';
import type { CognitoTrigger } from '#contracts/triggers';
import { consumerFixtures, triggerFixtures } from './idempotency-fixtures.ts';

/** Why a consumer is not checked for idempotency, or undefined when it is. */
export function missingConsumerFixture(rule: EventRule): string | undefined {
  return consumerFixtures[rule.name]?.length
    ? undefined
    : 'a consumer without a case in tests/concurrency/idempotency-fixtures.ts';
}

/** Why a Cognito trigger is not checked for idempotency, or undefined when it is. */
export function missingTriggerFixture(trigger: CognitoTrigger): string | undefined {
  return triggerFixtures[trigger.name]?.length
    ? undefined
    : 'a Cognito trigger without a case in tests/concurrency/idempotency-fixtures.ts';
}

/** `covered / total (percent)`; nothing to cover counts as complete. */
export function coverageOf(total: number, uncovered: number) {
  const covered = total - uncovered;
  const percent = total === 0 ? 100 : Math.floor((covered * 100) / total);
  return { covered, total, percent };
}
