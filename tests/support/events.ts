import { inject } from 'vitest';

/**
 * Waits until the test cloud's event bus has delivered every event in flight (and every event those
 * deliveries put): after it, whatever a consumer would do has been done. The wait is on the bus itself
 * (local/serve-for-tests.ts), never a fixed sleep.
 */
export async function drainEvents(): Promise<void> {
  const response = await fetch(`${inject('cloud').controlUrl}/drain-events`, { method: 'POST' });
  if (response.status !== 204)
    throw new Error(`draining the cloud's events failed: ${await response.text()}`);
}
