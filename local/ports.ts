import { createServer } from 'node:net';

/**
 * Below Linux's ephemeral range (32768–60999): a port the OS hands out for `listen(0)` is also where it
 * puts the local end of outgoing connections, so between our probe and the emulator's own listen a busy
 * test run's client socket could take it (EADDRINUSE). Ports from this range are never given out that way.
 */
const TEST_PORTS = { first: 20_000, count: 12_000 } as const;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports this process handed out already: each emulator of a cloud gets its own. */
const handedOut = new Set<number>();

/** A free loopback port for an emulator of a test cloud, picked at random outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = TEST_PORTS.first + Math.floor(Math.random() * TEST_PORTS.count);
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('No free port for the local cloud');
}

export class PortInUseError extends Error {
  constructor(
    readonly service: string,
    readonly port: number,
  ) {
    super(`Port ${port} (${service}) is already in use. Stop whatever is using it and try again.`);
  }
}

/** Fails with a readable message instead of EADDRINUSE. */
export function assertPortFree(service: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new PortInUseError(service, port)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}
