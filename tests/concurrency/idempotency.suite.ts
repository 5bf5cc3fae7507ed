import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRules } from '#contracts/event-rules';
import { cognitoTriggers } from '#contracts/triggers';
import {
  deliverTriggerInWaves,
  expectEffectOnce,
  type LocalBus,
  publishThenRedeliver,
  raceThenRedeliver,
  startLocalBus,
  times,
} from './deliveries.ts';
import { consumerFixtures, type EffectProbe, triggerFixtures } from './idempotency-fixtures.ts';

/**
 * At-least-once delivery: EventBridge and Cognito may deliver the same event again, also while the first
 * delivery is still running. Every Cognito trigger and every EventBridge consumer gets its
 * fixture's event three times — once and then twice at once, and twice at once and then once more — and
 * the effect after all three must be exactly the effect of the first.
 */

describe('Cognito triggers', () => {
  for (const trigger of cognitoTriggers) {
    for (const fixture of triggerFixtures[trigger.name] ?? []) {
      describe(`${trigger.name}: ${fixture.name}`, () => {
        it('has the effect of one delivery after once, then twice at once', async () => {
          await deliverTriggerInWaves(trigger.name, await fixture.arrange(), 1, 2);
        });
        it('has the effect of one delivery after twice at once, then once more', async () => {
          await deliverTriggerInWaves(trigger.name, await fixture.arrange(), 2, 1);
        });
      });
    }
  }
});

describe('EventBridge consumers', () => {
  const cases = eventRules.flatMap((rule) =>
    (consumerFixtures[rule.name] ?? []).map((fixture) => ({ rule, fixture })),
  );
  let bus: LocalBus | undefined;
  beforeAll(async () => {
    if (cases.length > 0) bus = await startLocalBus();
  });
  afterAll(async () => {
    await bus?.stop();
  });

  for (const { rule, fixture } of cases) {
    describe(`${rule.name}: ${fixture.name}`, () => {
      it('has the effect of one delivery after once (PutEvents), then twice at once', async () => {
        await publishThenRedeliver(bus!, rule, await fixture.arrange());
      });
      it('has the effect of one delivery after twice at once, then once more', async () => {
        await raceThenRedeliver(rule, await fixture.arrange());
      });
    });
  }

  it('fails a consumer whose effect repeats (the check itself can fail)', async () => {
    let applied = 0;
    const repeating: EffectProbe<number> = {
      effect: async () => applied,
      expectOnce: (once) => expect(once).toBe(1),
    };
    const deliver = async () => {
      applied += 1;
    };

    await expect(
      expectEffectOnce(repeating as EffectProbe, [times(1, deliver), times(2, deliver)]),
    ).rejects.toThrow(/a repeated delivery changed the effect/);
  });
});
