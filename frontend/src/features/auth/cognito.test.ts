import { describe, expect, it, vi } from 'vitest';
import { cognitoResponse, testConfig } from '../../test/fakes.ts';
import {
  AUTH_MESSAGES,
  type AuthStep,
  authErrorMessage,
  CognitoError,
  confirmForgotPassword,
  globalSignOut,
  initiateRefreshAuth,
  isUnconfirmed,
  revokeToken,
  signUp,
} from './cognito.ts';
import { PASSWORD_POLICY_MESSAGE } from './passwordPolicy.ts';

const error = (code: string, message = '') => new CognitoError(code, message);

describe('Cognito error messages', () => {
  it.each<[AuthStep, string, string]>([
    ['signIn', 'NotAuthorizedException', 'Incorrect email or password'],
    ['signIn', 'UserNotFoundException', 'Incorrect email or password'],
    // cognito-local answers a wrong password this way
    ['signIn', 'InvalidPasswordException', 'Incorrect email or password'],
    ['forgotPassword', 'UserNotFoundException', 'No account exists for this email'],
    ['resend', 'UserNotFoundException', 'No account exists for this email'],
    ['signUp', 'InvalidPasswordException', PASSWORD_POLICY_MESSAGE],
    ['resetPassword', 'InvalidPasswordException', PASSWORD_POLICY_MESSAGE],
    ['signUp', 'UsernameExistsException', AUTH_MESSAGES.accountExists],
    ['confirm', 'CodeMismatchException', AUTH_MESSAGES.codeMismatch],
    ['resetPassword', 'ExpiredCodeException', AUTH_MESSAGES.codeExpired],
    ['signIn', 'UserNotConfirmedException', AUTH_MESSAGES.notConfirmed],
    ['confirm', 'NotAuthorizedException', AUTH_MESSAGES.alreadyConfirmed],
    ['signIn', 'LimitExceededException', AUTH_MESSAGES.tooManyAttempts],
    ['signIn', 'NetworkError', AUTH_MESSAGES.network],
    ['signIn', 'SomethingNewException', AUTH_MESSAGES.unknown],
  ])('%s: %s reads "%s"', (step, code, message) => {
    expect(authErrorMessage(step, error(code))).toBe(message);
  });

  it('says the password policy for an InvalidParameterException about the password', () => {
    expect(
      authErrorMessage('signUp', error('InvalidParameterException', '1 validation error: password')),
    ).toBe(PASSWORD_POLICY_MESSAGE);
    expect(authErrorMessage('signUp', error('InvalidParameterException', 'Invalid email'))).toBe(
      AUTH_MESSAGES.invalidParameter,
    );
  });

  it('treats anything that is not a Cognito error as unknown', () => {
    expect(authErrorMessage('signIn', new TypeError('x'))).toBe(AUTH_MESSAGES.unknown);
  });

  it('recognises an unconfirmed account, which goes to the confirmation screen', () => {
    expect(isUnconfirmed(error('UserNotConfirmedException'))).toBe(true);
    expect(isUnconfirmed(error('NotAuthorizedException'))).toBe(false);
  });
});

describe('Cognito JSON API client', () => {
  it('posts the operation with the JSON 1.1 content type and target header', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      cognitoResponse(200, { UserConfirmed: false, UserSub: 'sub-1' }),
    );

    await signUp(
      testConfig,
      {
        fullName: 'Maria Rossi',
        email: 'maria@agency.com',
        password: 'Secret-Password-1',
        accountType: 'agency',
        agencyName: 'Rossi Homes',
      },
      fetchMock as typeof fetch,
    );

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(testConfig.cognitoEndpoint);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.SignUp',
    });
    expect(JSON.parse(String(init.body))).toEqual({
      ClientId: 'web-client',
      Username: 'maria@agency.com',
      Password: 'Secret-Password-1',
      UserAttributes: [
        { Name: 'email', Value: 'maria@agency.com' },
        { Name: 'name', Value: 'Maria Rossi' },
        { Name: 'custom:account_type', Value: 'agency' },
        { Name: 'custom:agency_name', Value: 'Rossi Homes' },
      ],
    });
  });

  it('sends no agency name for an agent', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => cognitoResponse(200, {}));
    await signUp(
      testConfig,
      { fullName: 'A', email: 'a@b.co', password: 'x', accountType: 'agent', agencyName: 'ignored' },
      fetchMock as typeof fetch,
    );
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1].body));
    expect(body.UserAttributes.map((attribute: { Name: string }) => attribute.Name)).toEqual([
      'email',
      'name',
      'custom:account_type',
    ]);
  });

  it('turns an error body into a CognitoError with the bare exception name', async () => {
    const fetchMock = vi.fn(async () =>
      cognitoResponse(400, {
        __type: 'com.amazonaws.cognito.identity.idp.model#CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      }),
    );
    const failure = await confirmForgotPassword(
      testConfig,
      { email: 'a@b.co', code: '1', password: 'Secret-Password-1' },
      fetchMock as typeof fetch,
    ).catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(CognitoError);
    expect(failure).toMatchObject({ code: 'CodeMismatchException' });
  });

  it('reads the exception from the x-amzn-errortype header when the body has none', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('{}', {
          status: 400,
          headers: { 'x-amzn-errortype': 'NotAuthorizedException:http://x' },
        }),
    );
    await expect(initiateRefreshAuth(testConfig, 'r', fetchMock as typeof fetch)).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
  });

  it('reports an unreachable service as a NetworkError', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await initiateRefreshAuth(testConfig, 'r', fetchMock as typeof fetch).catch(
      (caught: unknown) => caught,
    );
    expect(authErrorMessage('signIn', failure)).toBe(AUTH_MESSAGES.network);
  });

  it('refreshes with REFRESH_TOKEN_AUTH and returns the new access token', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      cognitoResponse(200, { AuthenticationResult: { AccessToken: 'new-access', IdToken: 'id' } }),
    );
    const tokens = await initiateRefreshAuth(testConfig, 'refresh-1', fetchMock as typeof fetch);
    expect(tokens.accessToken).toBe('new-access');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      ClientId: 'web-client',
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
  });

  it('revokes a refresh token with RevokeToken, naming the app client', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => cognitoResponse(200, {}));
    await revokeToken(testConfig, 'refresh-1', fetchMock as typeof fetch);
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init.headers as Record<string, string>)['X-Amz-Target']).toBe(
      'AWSCognitoIdentityProviderService.RevokeToken',
    );
    expect(JSON.parse(String(init.body))).toEqual({ ClientId: 'web-client', Token: 'refresh-1' });
  });

  it('signs out everywhere with GlobalSignOut, authorized by the access token alone', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => cognitoResponse(200, {}));
    await globalSignOut(testConfig, 'access-1', fetchMock as typeof fetch);
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init.headers as Record<string, string>)['X-Amz-Target']).toBe(
      'AWSCognitoIdentityProviderService.GlobalSignOut',
    );
    expect(JSON.parse(String(init.body))).toEqual({ AccessToken: 'access-1' });
  });
});
