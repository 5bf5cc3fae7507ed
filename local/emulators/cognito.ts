import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { waitFor } from '../ports.ts';

const require = createRequire(import.meta.url);

export interface CognitoOptions {
  port: number;
  /** cognito-local keeps its config and users under `<directory>/.cognito` */
  directory: string;
  /** where cognito-local calls Lambda triggers (the local cloud's Lambda Invoke API) */
  lambdaEndpoint?: string;
  triggerFunctions?: Record<string, string>;
  onLog?: (line: string) => void;
}

/** cognito-local in a child process: its data directory is relative to its working directory. */
export async function startCognito(
  options: CognitoOptions,
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const configDirectory = join(options.directory, '.cognito');
  mkdirSync(configDirectory, { recursive: true });
  const endpoint = `http://127.0.0.1:${options.port}`;
  writeFileSync(
    join(configDirectory, 'config.json'),
    JSON.stringify(
      {
        TokenConfig: { IssuerDomain: endpoint },
        TriggerFunctions: options.triggerFunctions ?? {},
        LambdaClient: {
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          region: 'local',
          ...(options.lambdaEndpoint ? { endpoint: options.lambdaEndpoint } : {}),
        },
      },
      null,
      2,
    ),
  );
  const entry = require.resolve('cognito-local/lib/bin/start.js');
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: options.directory,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.onLog?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  await waitFor(async () => {
    if (exited) throw new Error('cognito-local exited during start-up');
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
        'content-type': 'application/x-amz-json-1.1',
      },
      body: '{"MaxResults":1}',
    });
    return response.status < 500;
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
