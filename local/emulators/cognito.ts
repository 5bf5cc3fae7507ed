import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../ports.ts';

export interface CognitoOptions {
  port: number;
  /** cognito-local keeps its config and users under `<directory>/.cognito` */
  directory: string;
  /** where cognito-local calls Lambda triggers (the local cloud's Lambda Invoke API) */
  lambdaEndpoint?: string;
  /** trigger → function name, e.g. `{ PostConfirmation: 'post-confirmation' }` */
  triggerFunctions?: Record<string, string>;
  /** a code cognito-local "sent" (sign-up, resend, forgot password): it prints them instead of mailing */
  onCode?: (delivery: CodeDelivery) => void;
  /** cognito-local's warnings and errors, one line each */
  onLog?: (line: string) => void;
}

export interface CodeDelivery {
  /** the address the code was "sent" to (the user's email) */
  destination: string;
  code: string;
  username: string;
  /** the Cognito operation that sent it: SignUp, ResendConfirmationCode, ForgotPassword, ... */
  operation: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences are control characters
const ANSI = /\u001b\[[0-9;]*m/g;
/** the box drawing characters boxen frames a message with */
const BOX = /[│╭╮╰╯─]/g;
const PINO_ERROR = 50;

interface PinoLine {
  level: number;
  msg?: string;
  target?: string;
  err?: { message?: string };
}

/** `Name: value` lines of a boxed message. */
function boxFields(message: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of message.replace(ANSI, '').split('\n')) {
    const field = /^\s*([A-Za-z ]+):\s+(.+?)\s*$/.exec(line.replace(BOX, ''));
    if (field) fields[field[1]!.trim()] = field[2]!;
  }
  return fields;
}

/**
 * Reads cognito-local's log (JSON lines, see cognito-server.cjs) line by line. It logs every code it
 * would have mailed as a box:
 *
 *     {"level":30,"target":"SignUp","msg":"╭────╮\n│ Confirmation Code Delivery │\n│ Username: <sub> │\n
 *      │ Destination: <email> │\n│ Code: 123456 │\n╰────╯", ...}
 *
 * Each box becomes one `CodeDelivery`; errors (with their error's message) become one line; client
 * errors (WARN: wrong password, unknown user, ...) and everything else are dropped. Lines that are not
 * JSON (a crash before the logger exists) are passed on as they are.
 */
export function createCognitoOutputParser(handlers: {
  onCode?: (delivery: CodeDelivery) => void;
  onLog?: (line: string) => void;
}) {
  let pending = '';

  const readLine = (raw: string) => {
    const line = raw.trim();
    if (!line) return;
    let entry: PinoLine;
    try {
      entry = JSON.parse(line) as PinoLine;
    } catch {
      handlers.onLog?.(`cognito-local: ${line.replace(ANSI, '')}`);
      return;
    }
    const message = entry.msg ?? '';
    if (message.includes('Confirmation Code Delivery')) {
      const { Destination: destination, Code: code, Username: username } = boxFields(message);
      if (destination && code)
        handlers.onCode?.({ destination, code, username: username ?? '', operation: entry.target ?? '' });
      return;
    }
    if (entry.level >= PINO_ERROR) {
      const detail =
        entry.err?.message && !message.includes(entry.err.message) ? `: ${entry.err.message}` : '';
      handlers.onLog?.(`cognito-local error: ${message || 'error'}${detail}`);
    }
  };

  return {
    /** feed raw output; a partial line is kept until its newline arrives */
    write(chunk: string) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) readLine(line);
    },
    end() {
      if (pending) readLine(pending);
      pending = '';
    },
  };
}

/** The one log line per code that `npm start` prints and tests read (tests/support/cognito-codes.ts). */
export const codeLogLine = (delivery: CodeDelivery) =>
  `confirmation code for ${delivery.destination}: ${delivery.code}`;

/** cognito-local in a child process: its data directory is relative to its working directory. */
export async function startCognito(
  options: CognitoOptions,
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const configDirectory = join(options.directory, '.cognito');
  mkdirSync(configDirectory, { recursive: true });
  const endpoint = `http://127.0.0.1:${options.port}`;
  // rewritten at every start: the Lambda API's port differs between runs of the tests
  writeFileSync(
    join(configDirectory, 'config.json'),
    JSON.stringify(
      {
        TokenConfig: { IssuerDomain: endpoint },
        TriggerFunctions: options.triggerFunctions ?? {},
        LambdaClient: {
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          region: 'us-east-1',
          ...(options.lambdaEndpoint ? { endpoint: options.lambdaEndpoint } : {}),
        },
      },
      null,
      2,
    ),
  );
  // cognito-local's start script with ResendConfirmationCode and ID-token claims added (see the file)
  const entry = fileURLToPath(new URL('./cognito-server.cjs', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: options.directory,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout = createCognitoOutputParser(options);
  const stderr = createCognitoOutputParser(options);
  child.stdout?.on('data', (chunk: Buffer) => stdout.write(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => stderr.write(chunk.toString()));
  let exited = false;
  child.once('exit', () => {
    exited = true;
    stdout.end();
    stderr.end();
  });
  await waitFor(async () => {
    if (exited) throw new Error('cognito-local exited during start-up');
    const response = await fetch(`${endpoint}/health`);
    return response.ok;
  }, 'cognito-local');
  return {
    endpoint,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
