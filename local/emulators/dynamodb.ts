import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
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
