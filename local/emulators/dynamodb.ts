import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import dynalite from 'dynalite';
import { addTransactions, type TransactionOptions } from './dynamodb-transactions.ts';

/**
 * dynalite: DynamoDB's wire protocol over LevelDB in `directory` (closing the server closes the store),
 * with DynamoDB's transactions (isolation, conflicts, idempotency) added at its door
 * (./dynamodb-transactions.ts).
 */
export async function startDynamoDb(
  port: number,
  directory: string,
  options: TransactionOptions = {},
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  const server: Server = dynalite({ path: directory, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const transactions = await addTransactions(server, options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await transactions.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The same emulator in a thread of its own, as the local cloud runs it. In one event loop with the handlers,
 * a burst of requests kept every database call queued behind handler work (a transaction's five steps took
 * 100 ms each under a 20-way race, where DynamoDB takes milliseconds), so conflicts piled up that AWS never
 * shows. Tests that hook into the transaction door use `startDynamoDb` in their own thread.
 */
export async function startDynamoDbThread(
  port: number,
  directory: string,
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  // a worker does not inherit the loader hooks tsx registered in this thread: it registers its own
  const entry = new URL('./dynamodb-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true, workerData: { port, directory } },
  );
  const next = () =>
    new Promise<{ ready?: true; stopped?: true; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const started = await next();
  if (started.error) {
    await worker.terminate();
    throw new Error(`DynamoDB emulator: ${started.error}`);
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      const stopped = next();
      worker.postMessage('stop');
      await stopped.catch(() => undefined);
      await worker.terminate();
    },
  };
}
