import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { invokeLambda, LambdaTimeoutError } from './lambda-runtime.ts';

/** A function the local Lambda API can invoke by name. */
export interface LocalFunction {
  /** handler file relative to the repository root */
  handler: string;
  timeoutMs: number;
}

/** Cognito waits at most 5 s for a trigger (AWS's limit); the CDK gives trigger functions the same timeout. */
export const TRIGGER_TIMEOUT_MS = 5_000;

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations\/?$/;

export type InvokeOutcome =
  | { ok: true; result: unknown }
  | { ok: false; errorType: string; errorMessage: string; timedOut: boolean };

/**
 * Invokes a named function in this process (warm, like a Lambda container) and logs one line per call.
 * The local Lambda API and the local Google sign-in stand-in both call functions through this.
 */
export function createFunctionInvoker(options: {
  root: string;
  functions: ReadonlyMap<string, LocalFunction>;
  log: (line: string) => void;
}) {
  return async function invokeFunction(name: string, event: unknown): Promise<InvokeOutcome> {
    const fn = options.functions.get(name);
    if (!fn) throw new Error(`Function not found: ${name}`);
    const started = performance.now();
    const source = (event as { triggerSource?: unknown } | null)?.triggerSource;
    const describe = (outcome: string) =>
      options.log(
        `lambda ${name}${typeof source === 'string' ? ` ${source}` : ''} ${outcome} ${Math.round(performance.now() - started)}ms`,
      );
    try {
      const result = await invokeLambda(options.root, fn.handler, event, {
        functionName: name,
        timeoutMs: fn.timeoutMs,
      });
      describe('ok');
      return { ok: true, result };
    } catch (error) {
      const timedOut = error instanceof LambdaTimeoutError;
      const errorType = timedOut ? 'Sandbox.Timedout' : error instanceof Error ? error.name : 'Error';
      const errorMessage = error instanceof Error ? error.message : String(error);
      describe(`failed: ${errorType}: ${errorMessage}`);
      if (!timedOut && error instanceof Error && error.stack) options.log(error.stack);
      return { ok: false, errorType, errorMessage, timedOut };
    }
  };
}

export type FunctionInvoker = ReturnType<typeof createFunctionInvoker>;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** An error of the Lambda REST-JSON protocol: `x-amzn-ErrorType` names it, the body carries the message. */
function sendServiceError(response: ServerResponse, status: number, type: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  response.end(JSON.stringify({ Type: 'User', message }));
}

/**
 * The Lambda `Invoke` API (`POST /2015-03-31/functions/{name}/invocations`), as the AWS SDKs call it:
 * cognito-local invokes its triggers through it. Answers like Lambda does: 200 with the function's JSON
 * result, or 200 with `X-Amz-Function-Error: Unhandled` and `{errorType, errorMessage}` when the function
 * throws; 202 for asynchronous (`Event`) invocations; 404 `ResourceNotFoundException` for an unknown name.
 */
export function createLambdaApi(
  invoke: FunctionInvoker,
  functions: ReadonlyMap<string, LocalFunction>,
): Server {
  return createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = INVOKE_PATH.exec(url.pathname);
    if (request.method !== 'POST' || !match) {
      request.resume();
      return sendServiceError(response, 404, 'UnknownOperationException', 'Only Invoke is supported locally');
    }
    // a name, a partial ARN or a full ARN all end with the function name
    const name = decodeURIComponent(match[1]!).split(':').at(-1)!;
    if (!functions.has(name)) {
      request.resume();
      return sendServiceError(response, 404, 'ResourceNotFoundException', `Function not found: ${name}`);
    }
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      return sendServiceError(response, 400, 'InvalidRequestContentException', 'Could not read request body');
    }
    let event: unknown = {};
    try {
      if (body.length) event = JSON.parse(body.toString('utf8'));
    } catch {
      return sendServiceError(
        response,
        400,
        'InvalidRequestContentException',
        'Could not parse request body',
      );
    }
    const invocationType = String(request.headers['x-amz-invocation-type'] ?? 'RequestResponse');
    if (invocationType === 'DryRun') {
      response.writeHead(204);
      return response.end();
    }
    if (invocationType === 'Event') {
      response.writeHead(202, { 'x-amz-executed-version': '$LATEST' });
      response.end();
      void invoke(name, event);
      return;
    }
    const outcome = await invoke(name, event);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-amz-executed-version': '$LATEST',
    };
    if (outcome.ok) {
      response.writeHead(200, headers);
      return response.end(JSON.stringify(outcome.result ?? null));
    }
    response.writeHead(200, { ...headers, 'x-amz-function-error': 'Unhandled' });
    response.end(JSON.stringify({ errorType: outcome.errorType, errorMessage: outcome.errorMessage }));
  });
}
