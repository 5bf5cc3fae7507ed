import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientSettings } from './aws-settings.ts';
import { config } from './config.ts';

/**
 * Secrets Manager secrets, read once per execution environment. A function that declares a secret
 * (`secrets` of its manifest entry) is given the secret's ARN and `secretsmanager:GetSecretValue` on it,
 * never the value (contracts/function-access.ts). The value is asked for when the handler module loads
 * (`preloadSecret`, during the Lambda's init) and kept for the container's life; a failed read is not
 * kept, so the next invocation asks again. Locally the same call reaches the local cloud's Secrets Manager
 * stand-in (local/secrets-manager.ts), which checks the same grant.
 */

let client: SecretsManagerClient | undefined;
const secretsManager = () => {
  client ??= new SecretsManagerClient({ ...clientSettings(), endpoint: config.endpoints.secretsManager });
  return client;
};

const values = new Map<string, Promise<string>>();

async function fetchSecret(arn: string): Promise<string> {
  const answer = await secretsManager().send(new GetSecretValueCommand({ SecretId: arn }));
  if (typeof answer.SecretString !== 'string' || answer.SecretString === '')
    throw new Error(`Secret ${answer.Name ?? arn} has no string value`);
  return answer.SecretString;
}

/** The secret's string value, read once and kept (a failed read is tried again next time). */
export function secretValue(arn: string): Promise<string> {
  let value = values.get(arn);
  if (!value) {
    value = fetchSecret(arn);
    values.set(arn, value);
    value.catch(() => values.delete(arn));
  }
  return value;
}

/** Starts reading a secret now (module scope: during the cold start), without waiting or failing. */
export function preloadSecret(arn: () => string): void {
  try {
    secretValue(arn()).catch(() => undefined);
  } catch {
    // a function without the variable fails on first use, naming it (functions/aws/config.ts)
  }
}
