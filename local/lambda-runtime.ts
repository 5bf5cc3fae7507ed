import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

export class LambdaTimeoutError extends Error {
  constructor(
    readonly functionName: string,
    readonly timeoutMs: number,
  ) {
    super(`${functionName} timed out after ${timeoutMs} ms`);
  }
}

const loaded = new Map<string, Promise<Handler>>();

/** Imports a handler file once (as a warm Lambda container keeps its module scope). */
function loadHandler(root: string, file: string): Promise<Handler> {
  let handler = loaded.get(file);
  if (!handler) {
    handler = import(pathToFileURL(resolve(root, file)).href).then((module: { handler?: Handler }) => {
      if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`);
      return module.handler;
    });
    loaded.set(file, handler);
  }
  return handler;
}

function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Runs a handler like Lambda does: a fresh context per call and a hard timeout. */
export async function invokeLambda(
  root: string,
  file: string,
  event: unknown,
  options: { functionName: string; timeoutMs: number },
): Promise<unknown> {
  const handler = await loadHandler(root, file);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new LambdaTimeoutError(options.functionName, options.timeoutMs)),
      options.timeoutMs,
    );
  });
  try {
    return await Promise.race([
      handler(event, lambdaContext(options.functionName, options.timeoutMs)),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
