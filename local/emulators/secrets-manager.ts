import { createServer, type Server } from 'node:http';
import { type LocalIam, localSecretArn } from '../iam/policy.ts';
import { createJsonIamDoor } from './dynamodb-iam.ts';

/**
 * The local cloud's Secrets Manager stand-in: the secrets of the local cloud (the billing webhook's
 * signing secret), answered to `GetSecretValue` as Secrets Manager answers it (JSON 1.1 protocol), behind
 * an IAM door — the caller's policy must allow `secretsmanager:GetSecretValue` on the secret's ARN, as in
 * AWS, or it gets 400 `AccessDeniedException`. Only what the functions call is there: no other operation,
 * no versions, no rotation; the values are fixed when the cloud starts (docs/cloud-fidelity.md).
 */

const TARGET_PREFIX = 'secretsmanager.';

export interface LocalSecret {
  name: string;
  value: string;
}

/** A `SecretId` (an ARN or a name) as the ARN IAM checks. */
const arnOf = (secretId: unknown) =>
  typeof secretId === 'string' && secretId.startsWith('arn:') ? secretId : localSecretArn(String(secretId));

function answer(status: number, body: unknown, type?: string) {
  return {
    status,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      ...(type ? { 'x-amzn-errortype': type } : {}),
    },
    body: JSON.stringify(body),
  };
}

/** The store: GetSecretValue of the given secrets; every other operation is unknown to it. */
function createSecretStore(secrets: readonly LocalSecret[], createdAt: number): Server {
  const byArn = new Map(secrets.map((secret) => [localSecretArn(secret.name), secret]));
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const operation = String(request.headers['x-amz-target'] ?? '').slice(TARGET_PREFIX.length);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // answered below as a request without a secret id
      }
      const arn = arnOf(body.SecretId);
      const secret = byArn.get(arn);
      const reply =
        operation !== 'GetSecretValue'
          ? answer(400, { __type: 'UnknownOperationException' }, 'UnknownOperationException')
          : !secret
            ? answer(
                400,
                {
                  __type: 'ResourceNotFoundException',
                  message: "Secrets Manager can't find the specified secret.",
                },
                'ResourceNotFoundException',
              )
            : answer(200, {
                ARN: arn,
                Name: secret.name,
                VersionId: 'local-current',
                SecretString: secret.value,
                VersionStages: ['AWSCURRENT'],
                CreatedDate: createdAt,
              });
      response.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) });
      response.end(reply.body);
    });
  });
}

/**
 * Starts the stand-in: the store, and the IAM door in front of it (the endpoint the functions are given).
 * Both listen on loopback; `stop` closes them.
 */
export async function startSecretsManager(
  iam: LocalIam,
  secrets: readonly LocalSecret[],
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const store = createSecretStore(secrets, Math.floor(Date.now() / 1000));
  const storeUrl = await listenOnLoopback(store);
  const door = createJsonIamDoor(storeUrl, iam, {
    targetPrefix: TARGET_PREFIX,
    checks: (operation, body) => [{ action: `secretsmanager:${operation}`, resource: arnOf(body.SecretId) }],
    denied: (message) =>
      answer(400, { __type: 'AccessDeniedException', Message: message }, 'AccessDeniedException'),
  });
  const endpoint = await listenOnLoopback(door);
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    endpoint,
    stop: async () => {
      await close(door);
      await close(store);
    },
  };
}

function listenOnLoopback(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
  });
}
