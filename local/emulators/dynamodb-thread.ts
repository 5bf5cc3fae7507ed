import { parentPort, workerData } from 'node:worker_threads';
import { startDynamoDb } from './dynamodb.ts';

/**
 * The body of the DynamoDB emulator's own thread (see `startDynamoDbThread`): dynalite and the transaction
 * door answer on `port` from this thread's event loop, so handler work in the cloud's main thread never
 * queues in front of a database call (and the reverse).
 */
const { port, directory } = workerData as { port: number; directory: string };
const port_ = parentPort!;
try {
  const dynamodb = await startDynamoDb(port, directory);
  port_.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    void dynamodb.stop().finally(() => port_.postMessage({ stopped: true }));
  });
  port_.postMessage({ ready: true });
} catch (error) {
  port_.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
