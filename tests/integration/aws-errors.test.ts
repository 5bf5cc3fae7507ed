import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishEvent } from '#lib/events';

/**
 * AWS errors of the official clients, produced by the local cloud itself, read by the modules as before:
 * what a handler would throw (answered 500 by the error layer, no SDK message leaking) or, for a missing
 * object, what it reads as absent. Faults the emulators cannot make (partial PutEvents failures,
 * throttling) are unit cases beside each module.
 */

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('EventBridge', () => {
  it('surfaces an event the bus refused (no such bus), after one PutEvents', async () => {
    vi.stubEnv('EVENT_BUS_NAME', 'no-such-bus');
    await expect(publishEvent('PropertyAdded', { propertyId: 'p-1', agentId: 'a-1' })).rejects.toThrow(
      /event PropertyAdded was not accepted: ResourceNotFoundException/,
    );
  });
});
