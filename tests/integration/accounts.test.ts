import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it, vi } from 'vitest';
import { ACCOUNT_TYPE_ATTRIBUTE, AGENCY_NAME_ATTRIBUTE } from '#contracts/app-config';
import { callApi } from '../support/agents.ts';
import { attributes, cognitoCall } from '../support/cognito-api.ts';
import { latestConfirmationCode } from '../support/cognito-codes.ts';

const PASSWORD = 'Sign-Up-Password-1';

interface SignUpResult {
  UserSub: string;
  UserConfirmed: boolean;
  CodeDeliveryDetails: { Destination: string; DeliveryMedium: string };
}
interface AuthResult {
  AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken?: string };
  /** the error name when the call failed */
  __type?: string;
}

async function signUp(email: string, extra: Record<string, string> = {}) {
  const { clientId } = inject('cloud').userPool;
  const response = await cognitoCall<SignUpResult>('SignUp', {
    ClientId: clientId,
    Username: email,
    Password: PASSWORD,
    UserAttributes: attributes({ email, name: 'Nadia Ferreira', ...extra }),
  });
  expect(response.status).toBe(200);
  return response.body;
}

async function signInWithPassword(email: string, password = PASSWORD) {
  return cognitoCall<AuthResult>('InitiateAuth', {
    ClientId: inject('cloud').userPool.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
}

describe('sign-up through the Cognito JSON API of the local cloud', () => {
  it('runs the post-confirmation trigger on ConfirmSignUp, so the new agency account can use the API', async () => {
    const email = `agency-${randomUUID()}@test.local`;
    const signedUp = await signUp(email, {
      [ACCOUNT_TYPE_ATTRIBUTE]: 'agency',
      [AGENCY_NAME_ATTRIBUTE]: 'Seaside Homes',
    });
    expect(signedUp.UserConfirmed).toBe(false);
    expect(signedUp.CodeDeliveryDetails).toMatchObject({ Destination: email, DeliveryMedium: 'EMAIL' });

    const code = await latestConfirmationCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await cognitoCall('ConfirmSignUp', {
      ClientId: inject('cloud').userPool.clientId,
      Username: email,
      ConfirmationCode: code,
    });
    expect(confirmed.status).toBe(200);

    const signedIn = await signInWithPassword(email);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.AuthenticationResult.AccessToken;
    const response = await callApi(`/api/agents/${signedUp.UserSub}`, { token });
    expect(response.status).toBe(200);
    const agent = (await response.json()) as {
      agent_id: string;
      role: string;
      full_name: string;
      agency_id?: string;
    };
    expect(agent).toMatchObject({
      agent_id: signedUp.UserSub,
      role: 'Superagent',
      full_name: 'Nadia Ferreira',
    });
    expect(agent.agency_id).toEqual(expect.any(String));
    // one readable line per trigger invocation in the cloud log
    expect(readFileSync(inject('cloud').logFile, 'utf8')).toMatch(
      /lambda post-confirmation PostConfirmation_ConfirmSignUp ok \d+ms/,
    );
  });

  it('rejects a wrong code and keeps the account unconfirmed', async () => {
    const email = `wrong-code-${randomUUID()}@test.local`;
    await signUp(email);
    const code = await latestConfirmationCode(email);

    const confirmed = await cognitoCall('ConfirmSignUp', {
      ClientId: inject('cloud').userPool.clientId,
      Username: email,
      ConfirmationCode: code === '000000' ? '111111' : '000000',
    });

    expect(confirmed.status).toBe(400);
    expect(confirmed.body.__type).toBe('CodeMismatchException');
    expect((await signInWithPassword(email)).body.__type).toBe('UserNotConfirmedException');
  });

  it('logs a new code for ResendConfirmationCode, and the new code confirms', async () => {
    const email = `resend-${randomUUID()}@test.local`;
    await signUp(email);
    const first = await latestConfirmationCode(email);

    const resent = await cognitoCall('ResendConfirmationCode', {
      ClientId: inject('cloud').userPool.clientId,
      Username: email,
    });
    expect(resent.status).toBe(200);
    const second = await latestConfirmationCode(email, { after: first });

    const confirmed = await cognitoCall('ConfirmSignUp', {
      ClientId: inject('cloud').userPool.clientId,
      Username: email,
      ConfirmationCode: second,
    });
    expect(confirmed.status).toBe(200);
  });

  it('resets a password with the code from ForgotPassword, without provisioning again', async () => {
    const email = `reset-${randomUUID()}@test.local`;
    const { UserSub } = await signUp(email);
    const { clientId } = inject('cloud').userPool;
    const signUpCode = await latestConfirmationCode(email);
    await cognitoCall('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: signUpCode });

    expect((await cognitoCall('ForgotPassword', { ClientId: clientId, Username: email })).status).toBe(200);
    const resetCode = await latestConfirmationCode(email, { after: signUpCode });
    const reset = await cognitoCall('ConfirmForgotPassword', {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: resetCode,
      Password: 'New-Password-2',
    });
    expect(reset.status).toBe(200);

    expect((await signInWithPassword(email)).status).toBe(400);
    const signedIn = await signInWithPassword(email, 'New-Password-2');
    expect(signedIn.status).toBe(200);
    const response = await callApi(`/api/agents/${UserSub}`, {
      token: signedIn.body.AuthenticationResult.AccessToken,
    });
    expect(response.status).toBe(200);
    await vi.waitFor(
      () =>
        expect(readFileSync(inject('cloud').logFile, 'utf8')).toMatch(
          /lambda post-confirmation PostConfirmation_ConfirmForgotPassword ok/,
        ),
      { timeout: 10_000 },
    );
  });

  it('refreshes tokens with REFRESH_TOKEN_AUTH', async () => {
    const email = `refresh-${randomUUID()}@test.local`;
    await signUp(email);
    const { clientId } = inject('cloud').userPool;
    const code = await latestConfirmationCode(email);
    await cognitoCall('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: code });
    const { RefreshToken } = (await signInWithPassword(email)).body.AuthenticationResult;

    const refreshed = await cognitoCall<AuthResult>('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: RefreshToken },
    });

    expect(refreshed.status).toBe(200);
    expect(refreshed.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
  });

  it('answers the browser’s CORS preflight from the app origin', async () => {
    const cloud = inject('cloud');
    const response = await fetch(cloud.userPool.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: cloud.appUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });

    expect(response.status).toBe(204);
    expect(['*', cloud.appUrl]).toContain(response.headers.get('access-control-allow-origin'));
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    // and the actual call carries the header too
    const call = await cognitoCall('ListUserPools', { MaxResults: 1 });
    expect(call.headers.get('access-control-allow-origin')).toBeTruthy();
  });

  it('declares the sign-up custom attributes in the local user pool', async () => {
    const cloud = inject('cloud');
    const client = new CognitoIdentityProviderClient({
      endpoint: cloud.userPool.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { UserPool } = await client.send(
      new DescribeUserPoolCommand({ UserPoolId: cloud.userPool.userPoolId }),
    );
    const custom = UserPool?.SchemaAttributes?.filter((attribute) => attribute.Name?.startsWith('custom:'));
    expect(
      custom?.map((attribute) => [attribute.Name, attribute.AttributeDataType, attribute.Mutable]),
    ).toEqual([
      [ACCOUNT_TYPE_ATTRIBUTE, 'String', true],
      [AGENCY_NAME_ATTRIBUTE, 'String', true],
    ]);
  });
});

describe('the local Lambda Invoke API', () => {
  const invoke = (name: string, payload: unknown) =>
    fetch(`${inject('cloud').env.AWS_ENDPOINT_URL_LAMBDA}/2015-03-31/functions/${name}/invocations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'RequestResponse' },
      body: JSON.stringify(payload),
    });

  it('answers 404 ResourceNotFoundException for a function it does not have', async () => {
    const response = await invoke('no-such-function', {});

    expect(response.status).toBe(404);
    expect(response.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
  });

  it('returns the trigger’s result, and a function error as Lambda reports it', async () => {
    const event = {
      version: '1',
      region: 'us-east-1',
      userPoolId: inject('cloud').userPool.userPoolId,
      userName: 'someone',
      triggerSource: 'PostConfirmation_ConfirmForgotPassword',
      callerContext: { awsSdkVersion: 'test', clientId: inject('cloud').userPool.clientId },
      request: { userAttributes: { sub: randomUUID(), email: 'x@test.local' } },
      response: {},
    };
    const ok = await invoke('post-confirmation', event);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-amz-function-error')).toBeNull();
    expect(await ok.json()).toEqual(event);

    // a confirmed sign-up without a sub cannot be provisioned: the function throws
    const failed = await invoke('post-confirmation', {
      ...event,
      userName: '',
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      request: { userAttributes: {} },
    });
    expect(failed.status).toBe(200);
    expect(failed.headers.get('x-amz-function-error')).toBe('Unhandled');
    expect(await failed.json()).toMatchObject({
      errorType: expect.any(String),
      errorMessage: expect.any(String),
    });
  });
});
