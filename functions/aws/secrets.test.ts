import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadSecret, secretValue } from './secrets.ts';

/**
 * The cold-start read of a secret (functions/aws/secrets.ts). The happy path and the grant are proven
 * against the local Secrets Manager stand-in (tests/fidelity/grants.suite.ts, the billing webhook's
 * integration tests); a transient outage is a fault the stand-in cannot produce, so it is mocked here.
 */

const secretsManager = mockClient(SecretsManagerClient);
afterAll(() => secretsManager.restore());
beforeEach(() => secretsManager.reset());

const arn = (name: string) => `arn:aws:secretsmanager:us-east-1:000000000000:secret:${name}-AbCdEf`;

describe('a secret read at cold start', () => {
  it('is asked for once and kept for the container’s life', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ Name: 'kept', SecretString: 'whsec_kept' });
    preloadSecret(() => arn('kept'));
    expect(await secretValue(arn('kept'))).toBe('whsec_kept');
    expect(await secretValue(arn('kept'))).toBe('whsec_kept');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(secretsManager.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({
      SecretId: arn('kept'),
    });
  });

  it('is asked for again after a failed read (the failure is not kept)', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('socket hang up'))
      .resolves({ Name: 'retried', SecretString: 'whsec_retried' });
    await expect(secretValue(arn('retried'))).rejects.toThrow('socket hang up');
    expect(await secretValue(arn('retried'))).toBe('whsec_retried');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('refuses a secret without a string value rather than verifying with an empty key', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ Name: 'binary', SecretBinary: new Uint8Array([1]) });
    await expect(secretValue(arn('binary'))).rejects.toThrow('Secret binary has no string value');
  });

  it('does not fail the module’s load when the function was not given the variable', () => {
    expect(() =>
      preloadSecret(() => {
        throw new Error('Missing environment variable BILLING_WEBHOOK_SECRET_ARN');
      }),
    ).not.toThrow();
  });
});
