import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { bundleOf } from './lambda/bundles.ts';

/**
 * The local cloud's Lambda: each function runs in a worker thread of its own (its execution environment)
 * with exactly the function's environment — its declared variables and its own credentials
 * (contracts/function-access.ts, local/iam/) — and its own module scope, loading the function's esbuild
 * bundle as Lambda loads the deployed one (local/lambda/bundles.ts). The bundle's module scope runs once,
 * before the first invocation and outside its timeout (Lambda's init phase); the environment is then kept
 * warm. Unlike Lambda, one environment takes a function's concurrent invocations (interleaved on its event
 * loop): twenty cold environments at once cost this 2-core machine more than the handlers' own timeouts
 * (docs/decisions.md). A timed-out invocation retires its environment, which ends once the invocations
 * still in it have finished; the next invocation gets a fresh one, as after a Lambda timeout.
 */

export class LambdaTimeoutError extends Error {
  constructor(
    readonly functionName: string,
    readonly timeoutMs: number,
  ) {
    super(`${functionName} timed out after ${timeoutMs} ms`);
  }
}

/** What a function is run with: its environment (credentials included). */
export interface FunctionEnvironment {
  env: Record<string, string>;
}

const WORKER_SCRIPT = new URL('./lambda/worker.mjs', import.meta.url);
/** Warm environments kept (the least recently used idle one goes first beyond this). */
const MAX_WARM_ENVIRONMENTS = 64;

interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface ExecutionEnvironment {
  worker: Worker;
  functionName: string;
  /** resolves once the bundle's module scope has run */
  ready: Promise<void>;
  pending: Map<string, Pending>;
  /** takes no new invocation; ends when the last one has settled */
  retired: boolean;
}

const functionEnvironments = new Map<string, FunctionEnvironment>();
/** the current environment of each function, least recently used first */
const warm = new Map<string, ExecutionEnvironment>();
const all = new Set<ExecutionEnvironment>();

/**
 * Gives each named function its environment (the local cloud does this at start). A function that was not
 * configured runs with this process's environment (a test process invoking a consumer itself).
 */
export function configureFunctions(environments: ReadonlyMap<string, FunctionEnvironment>): void {
  for (const [name, environment] of environments) functionEnvironments.set(name, environment);
}

/** Ends every execution environment (the cloud's stop). */
export async function stopFunctions(): Promise<void> {
  warm.clear();
  await Promise.all([...all].map((environment) => end(environment)));
}

function end(environment: ExecutionEnvironment): Promise<unknown> {
  all.delete(environment);
  if (warm.get(environment.functionName) === environment) warm.delete(environment.functionName);
  return environment.worker?.terminate() ?? Promise.resolve();
}

function retire(environment: ExecutionEnvironment): void {
  environment.retired = true;
  if (warm.get(environment.functionName) === environment) warm.delete(environment.functionName);
  if (environment.pending.size === 0) void end(environment);
}

const errorOf = (serialized: SerializedError): Error =>
  Object.assign(new Error(serialized.message), {
    name: serialized.name,
    ...(serialized.stack ? { stack: serialized.stack } : {}),
  });

function workerEnv(functionName: string): Record<string, string> {
  const configured = functionEnvironments.get(functionName);
  const base = configured ? configured.env : (process.env as Record<string, string>);
  return { ...base, AWS_LAMBDA_FUNCTION_NAME: functionName };
}

function startEnvironment(root: string, file: string, functionName: string): ExecutionEnvironment {
  let markReady: () => void = () => undefined;
  let failInit: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failInit = reject;
  });
  const environment = { functionName, ready, pending: new Map(), retired: false } as ExecutionEnvironment;
  const fail = (error: Error) => {
    failInit(error);
    retire(environment);
    for (const pending of environment.pending.values()) pending.reject(error);
    environment.pending.clear();
  };
  void bundleOf(root, file).then(
    (bundle) => {
      const worker = new Worker(WORKER_SCRIPT, {
        workerData: { bundle: bundle.href, functionName, memoryLimitInMB: '256' },
        env: workerEnv(functionName),
        // no TypeScript loader in the environment: it runs the bundle, as Lambda does
        execArgv: [],
      });
      // a warm environment does not keep the process alive (the cloud's servers do)
      worker.unref();
      environment.worker = worker;
      all.add(environment);
      worker.on(
        'message',
        (message: {
          ready?: boolean;
          id?: string;
          ok?: boolean;
          result?: string;
          error?: SerializedError;
        }) => {
          if (message.ready === true) return markReady();
          if (message.ready === false) return fail(errorOf(message.error!));
          const pending = environment.pending.get(message.id!);
          if (!pending) return;
          environment.pending.delete(message.id!);
          if (message.ok)
            pending.resolve(message.result === undefined ? undefined : JSON.parse(message.result));
          else pending.reject(errorOf(message.error!));
          if (environment.retired && environment.pending.size === 0) void end(environment);
        },
      );
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`${functionName}: the runtime exited with code ${code}`)));
    },
    (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
  );
  // an environment that failed its init is not reused; the invocation that waited for it sees why
  ready.catch(() => undefined);
  return environment;
}

/** The function's warm environment, or a new one (the least recently used idle ones beyond the cap end). */
function environmentFor(root: string, file: string, functionName: string): ExecutionEnvironment {
  let environment = warm.get(functionName);
  if (environment) warm.delete(functionName);
  else environment = startEnvironment(root, file, functionName);
  warm.set(functionName, environment);
  if (warm.size > MAX_WARM_ENVIRONMENTS) {
    for (const [name, candidate] of warm) {
      if (warm.size <= MAX_WARM_ENVIRONMENTS) break;
      if (name !== functionName && candidate.pending.size === 0) retire(candidate);
    }
  }
  return environment;
}

/** Runs a handler like Lambda does: its own environment, a fresh context per call and a hard timeout. */
export async function invokeLambda(
  root: string,
  file: string,
  event: unknown,
  options: { functionName: string; timeoutMs: number },
): Promise<unknown> {
  const environment = environmentFor(root, file, options.functionName);
  await environment.ready;
  const id = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<unknown>((resolve, reject) => {
      environment.pending.set(id, { resolve, reject });
      timer = setTimeout(() => {
        environment.pending.delete(id);
        // Lambda ends the execution environment of a timed-out invocation
        retire(environment);
        reject(new LambdaTimeoutError(options.functionName, options.timeoutMs));
      }, options.timeoutMs);
      environment.worker.postMessage({
        id,
        event,
        // an unconfigured function follows its caller's environment, as an in-process call would
        ...(functionEnvironments.has(options.functionName) ? {} : { env: workerEnv(options.functionName) }),
        requestId: randomUUID(),
        deadline: Date.now() + options.timeoutMs,
      });
    });
  } finally {
    clearTimeout(timer);
  }
}
