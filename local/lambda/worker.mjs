// One Lambda execution environment of the local cloud: a worker thread with the function's own
// environment (process.env is the worker's copy) and module scope, running its esbuild bundle.
// Plain JavaScript so that it loads without a TypeScript loader (local/lambda-runtime.ts).
import { parentPort, workerData } from 'node:worker_threads';

// No source maps: with them on, every stack trace is mapped through the bundle's map, which made the
// conflict-heavy concurrency suite five times slower (measured); the unminified bundle names its files.

const { bundle, functionName, memoryLimitInMB } = workerData;

const serializeError = (error) =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error) };

// the init phase: loading the bundle runs its module scope (outside any invocation's timeout, as in Lambda)
let handler;
try {
  const module = await import(bundle);
  if (typeof module.handler !== 'function') throw new Error(`${bundle} does not export a handler`);
  handler = module.handler;
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: serializeError(error) });
}

parentPort.on('message', async ({ id, event, requestId, deadline, env }) => {
  if (env) {
    for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
    Object.assign(process.env, env);
  }
  const context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB,
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  try {
    const result = await handler(event, context);
    parentPort.postMessage({
      id,
      ok: true,
      result: result === undefined ? undefined : JSON.stringify(result),
    });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: serializeError(error) });
  }
});
