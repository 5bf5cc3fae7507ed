import { createServer } from 'node:net';

/** Asks the OS for a free loopback port (tests run every emulator on free ports). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
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
