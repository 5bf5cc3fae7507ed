import { describe, expect, inject, it } from 'vitest';
import { createTestAgent } from '../support/agents.ts';
import { cognitoCall } from '../support/cognito-api.ts';

/**
 * Sign-out against the local cloud's Cognito, as AWS answers it (local/emulators/cognito-server.cjs):
 * RevokeToken ends one sign-in, GlobalSignOut every sign-in of the user; a revoked refresh token is refused
 * with "Refresh Token has been revoked" and a revoked access token with "Access Token has been revoked".
 */

interface Tokens {
  AccessToken: string;
  RefreshToken: string;
}
interface Answer {
  AuthenticationResult?: Partial<Tokens>;
  __type?: string;
  message?: string;
}

const REVOKED_REFRESH = { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' };
const REVOKED_ACCESS = { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' };

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function signIn(email: string): Promise<Tokens> {
  const { status, body } = await cognitoCall<Answer>('InitiateAuth', {
    ClientId: inject('cloud').userPool.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: 'Test-Password-1' },
  });
  expect(status).toBe(200);
  return body.AuthenticationResult as Tokens;
}

const refresh = (refreshToken: string) =>
  cognitoCall<Answer>('InitiateAuth', {
    ClientId: inject('cloud').userPool.clientId,
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });

const revoke = (token: string) =>
  cognitoCall<Answer>('RevokeToken', { ClientId: inject('cloud').userPool.clientId, Token: token });

const getUser = (accessToken: string) => cognitoCall<Answer>('GetUser', { AccessToken: accessToken });

describe('sign-out in the local Cognito', () => {
  it('ties every access token to the refresh token of its sign-in (origin_jti), refreshes included', async () => {
    const { email } = await createTestAgent({ withRecord: false });
    const tokens = await signIn(email);
    const refreshed = await refresh(tokens.RefreshToken);

    expect(refreshed.status).toBe(200);
    expect(claims(tokens.AccessToken).origin_jti).toBe(claims(tokens.RefreshToken).jti);
    expect(claims(refreshed.body.AuthenticationResult!.AccessToken!).origin_jti).toBe(
      claims(tokens.RefreshToken).jti,
    );
  });

  it('RevokeToken: the refresh token gets no new tokens and the sign-in’s access token is refused', async () => {
    const { email } = await createTestAgent({ withRecord: false });
    const revoked = await signIn(email);
    const other = await signIn(email);

    expect(await revoke(revoked.RefreshToken)).toMatchObject({ status: 200, body: {} });

    expect(await refresh(revoked.RefreshToken)).toMatchObject({ status: 400, body: REVOKED_REFRESH });
    expect(await getUser(revoked.AccessToken)).toMatchObject({ status: 400, body: REVOKED_ACCESS });
    // the user's other sign-in goes on
    expect((await refresh(other.RefreshToken)).status).toBe(200);
    expect((await getUser(other.AccessToken)).status).toBe(200);
    // revoking again changes nothing
    expect(await revoke(revoked.RefreshToken)).toMatchObject({ status: 200, body: {} });
  });

  it('RevokeToken takes refresh tokens only, and refuses one it never issued', async () => {
    const { email } = await createTestAgent({ withRecord: false });
    const tokens = await signIn(email);

    expect((await revoke(tokens.AccessToken)).body.__type).toBe('UnsupportedTokenTypeException');
    expect(await refresh('not.a.token')).toMatchObject({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' },
    });
  });

  it('GlobalSignOut revokes every sign-in of the user, and no one else’s', async () => {
    const { email } = await createTestAgent({ withRecord: false });
    const { email: otherEmail } = await createTestAgent({ withRecord: false });
    const here = await signIn(email);
    const elsewhere = await signIn(email);
    const someoneElse = await signIn(otherEmail);

    expect(await cognitoCall('GlobalSignOut', { AccessToken: here.AccessToken })).toMatchObject({
      status: 200,
      body: {},
    });

    for (const tokens of [here, elsewhere]) {
      expect(await refresh(tokens.RefreshToken)).toMatchObject({ status: 400, body: REVOKED_REFRESH });
      expect(await getUser(tokens.AccessToken)).toMatchObject({ status: 400, body: REVOKED_ACCESS });
    }
    expect(await cognitoCall('GlobalSignOut', { AccessToken: here.AccessToken })).toMatchObject({
      status: 400,
      body: REVOKED_ACCESS,
    });
    expect((await refresh(someoneElse.RefreshToken)).status).toBe(200);
    // signing in again starts a new session
    const again = await signIn(email);
    expect((await refresh(again.RefreshToken)).status).toBe(200);
    expect((await getUser(again.AccessToken)).status).toBe(200);
  });

  it('GlobalSignOut refuses a token that is not a valid access token', async () => {
    const { email } = await createTestAgent({ withRecord: false });
    const tokens = await signIn(email);

    for (const token of [tokens.RefreshToken, `${tokens.AccessToken.slice(0, -4)}AAAA`])
      expect(await cognitoCall('GlobalSignOut', { AccessToken: token })).toMatchObject({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Invalid Access Token' },
      });
    expect((await refresh(tokens.RefreshToken)).status).toBe(200);
  });
});
