import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { retryingConflicts } from '#platform/data/entity';
import { invocationTimeLeft, withInvocationDeadline } from './invocation-deadline.ts';

/** A Lambda context whose invocation ends `ms` from now. */
const endingIn = (ms: number) => {
  const deadline = Date.now() + ms;
  return { getRemainingTimeInMillis: () => deadline - Date.now() } as Context;
};

const conflict = () =>
  Object.assign(new Error('Transaction is ongoing for the item'), {
    name: 'TransactionConflictException',
  });

describe('invocation deadline', () => {
  it('is known inside an invocation and its awaits, unknown outside', async () => {
    expect(invocationTimeLeft()).toBeUndefined();
    const left = await withInvocationDeadline(endingIn(5_000), async () => {
      await Promise.resolve();
      return invocationTimeLeft();
    });
    expect(left).toBeGreaterThan(4_000);
    expect(left).toBeLessThanOrEqual(5_000);
  });

  it('stops retrying conflicts 1.5 s before the invocation would time out', async () => {
    let attempts = 0;
    const started = Date.now();
    const outcome = await withInvocationDeadline(endingIn(1_900), () =>
      retryingConflicts(async () => {
        attempts += 1;
        throw conflict();
      }),
    ).catch((error: unknown) => error);
    const spent = Date.now() - started;

    expect((outcome as Error).name).toBe('TransactionConflictException');
    expect(attempts).toBeGreaterThan(1);
    // the budget was ~400 ms (plus at most one last pause of ≤ 250 ms), far from the 7 s default
    expect(spent).toBeGreaterThanOrEqual(400);
    expect(spent).toBeLessThan(1_900);
  });

  it('answers what the write answers once a conflict clears', async () => {
    let attempts = 0;
    const result = await withInvocationDeadline(endingIn(10_000), () =>
      retryingConflicts(async () => {
        attempts += 1;
        if (attempts < 3) throw conflict();
        return 'written';
      }),
    );
    expect(result).toBe('written');
    expect(attempts).toBe(3);
  });
});
