import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';

/**
 * The deadline of the Lambda invocation a piece of work belongs to, so retry loops deep in the data layer
 * (transaction conflicts) can use the time the function really has instead of a guess: a route with a
 * 29 s timeout may keep trying longer than one with 10 s, and neither runs into its own timeout.
 */
const deadlines = new AsyncLocalStorage<Context>();

/** Runs `work` with the invocation's context as the deadline of everything it awaits. */
export const withInvocationDeadline = <T>(context: Context, work: () => Promise<T>): Promise<T> =>
  deadlines.run(context, work);

/**
 * Milliseconds left before the current invocation times out; undefined outside one, or when the caller
 * handed a context without a clock (a test invoking a handler directly).
 */
export function invocationTimeLeft(): number | undefined {
  const context = deadlines.getStore();
  return typeof context?.getRemainingTimeInMillis === 'function'
    ? context.getRemainingTimeInMillis()
    : undefined;
}
