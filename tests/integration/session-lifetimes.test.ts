import {
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { ACCESS_TOKEN_MINUTES, SESSION_DAYS } from '#contracts/session-lifetimes';
import { cognitoClient } from '#local/accounts';
import { callApi, createTestAgent } from '../support/agents.ts';
import { cognitoCall } from '../support/cognito-api.ts';

/**
 * Token lifetimes (issue 20), in the local cloud as in AWS: the pool's two web clients issue access and ID
 * tokens of ACCESS_TOKEN_MINUTES and differ in their refresh tokens (SESSION_DAYS: the session client, and
 * the "Keep me signed in" one); a refresh token works only at the client that issued it; the API takes
 * the access tokens of both clients and of no other.
 */

interface Answer {
  AuthenticationResult?: {
    AccessToken?: string;
    IdToken?: string;
    RefreshToken?: string;
    ExpiresIn?: number;
    TokenType?: string;
  };
  __type?: string;
  message?: string;
}

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, number | string>;
/** A JWT's lifetime in seconds. */
const lifetime = (token: string) => Number(claims(token).exp) - Number(claims(token).iat);
const DAY_SECONDS = 24 * 3600;

const clients = () => {
  const { clientId, keepSignedInClientId } = inject('cloud').userPool;
  return { session: clientId, kept: keepSignedInClientId };
};

async function signIn(email: string, clientId: string) {
  const answer = await cognitoCall<Answer>('InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: 'Test-Password-1' },
  });
  expect(answer.status).toBe(200);
  return answer.body.AuthenticationResult as Required<NonNullable<Answer['AuthenticationResult']>>;
}

const refresh = (refreshToken: string, clientId: string) =>
  cognitoCall<Answer>('InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });

const DIFFERENT_CLIENT = { __type: 'NotAuthorizedException', message: 'Refresh Token has different Client' };

describe('token lifetimes', () => {
  it('the app config names both web clients', () => {
    const { appConfig, userPool } = inject('cloud');
    expect(appConfig.userPoolClientId).toBe(userPool.clientId);
    expect(appConfig.keepSignedInClientId).toBe(userPool.keepSignedInClientId);
    expect(userPool.keepSignedInClientId).not.toBe(userPool.clientId);
  });

  it.each([
    ['session', SESSION_DAYS.session],
    ['kept', SESSION_DAYS.kept],
  ] as const)(
    'the %s client: access and ID tokens of 15 minutes, refresh tokens of %i days',
    async (kind, days) => {
      const { email } = await createTestAgent({ withRecord: false });

      const tokens = await signIn(email, clients()[kind]);

      expect(lifetime(tokens.AccessToken)).toBe(ACCESS_TOKEN_MINUTES * 60);
      expect(lifetime(tokens.IdToken)).toBe(ACCESS_TOKEN_MINUTES * 60);
      expect(tokens).toMatchObject({ ExpiresIn: ACCESS_TOKEN_MINUTES * 60, TokenType: 'Bearer' });
      expect(claims(tokens.AccessToken).client_id).toBe(clients()[kind]);
      // cognito-local's refresh tokens are JWTs (Cognito's are opaque): their lifetime can be read
      expect(lifetime(tokens.RefreshToken)).toBe(days * DAY_SECONDS);

      // a refresh gives 15 minutes more and no new refresh token: the sign-in's end stays where it was
      const refreshed = await refresh(tokens.RefreshToken, clients()[kind]);
      expect(refreshed.status).toBe(200);
      expect(lifetime(refreshed.body.AuthenticationResult!.AccessToken!)).toBe(ACCESS_TOKEN_MINUTES * 60);
      expect(refreshed.body.AuthenticationResult).toMatchObject({ ExpiresIn: ACCESS_TOKEN_MINUTES * 60 });
      expect(refreshed.body.AuthenticationResult!.RefreshToken).toBeUndefined();
    },
  );

  it('a refresh token works only at the client that issued it, for a refresh and for RevokeToken', async () => {
    const { email } = await createTestAgent({ withRecord: false });
    const kept = await signIn(email, clients().kept);
    const session = await signIn(email, clients().session);

    expect(await refresh(kept.RefreshToken, clients().session)).toMatchObject({
      status: 400,
      body: DIFFERENT_CLIENT,
    });
    expect(await refresh(session.RefreshToken, clients().kept)).toMatchObject({
      status: 400,
      body: DIFFERENT_CLIENT,
    });
    expect(
      await cognitoCall('RevokeToken', { ClientId: clients().session, Token: kept.RefreshToken }),
    ).toMatchObject({ status: 400, body: DIFFERENT_CLIENT });

    // at its own client it refreshes, and is revoked
    expect((await refresh(kept.RefreshToken, clients().kept)).status).toBe(200);
    expect(
      (await cognitoCall('RevokeToken', { ClientId: clients().kept, Token: kept.RefreshToken })).status,
    ).toBe(200);
    expect((await refresh(kept.RefreshToken, clients().kept)).body.message).toBe(
      'Refresh Token has been revoked',
    );
  });
});

describe('the API', () => {
  it('takes the access tokens of both web clients', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    for (const clientId of Object.values(clients())) {
      const { AccessToken } = await signIn(agent.email, clientId);
      const response = await callApi(`/api/agents/${agent.agentId}`, { token: AccessToken });
      expect(response.status, clientId).toBe(200);
    }
  });

  it('refuses the access token of another app client of the pool', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const { endpoint, userPoolId } = inject('cloud').userPool;
    const cognito = cognitoClient(endpoint);
    const { UserPoolClient } = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: `other-${agent.agentId}`,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    try {
      const { AccessToken } = await signIn(agent.email, UserPoolClient!.ClientId!);

      const response = await callApi(`/api/agents/${agent.agentId}`, { token: AccessToken });

      expect(response.status).toBe(401);
    } finally {
      await cognito.send(
        new DeleteUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: UserPoolClient!.ClientId! }),
      );
    }
  });
});
