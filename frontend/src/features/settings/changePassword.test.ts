import { afterEach, describe, expect, it, vi } from 'vitest';
import { cognitoResponse, useTestConfig } from '../../test/fakes.ts';
import { AUTH_MESSAGES } from '../auth/cognito.ts';
import {
  changePassword,
  PASSWORD_MESSAGES,
  passwordChangeError,
  passwordChangeErrors,
} from './changePassword.ts';

afterEach(() => vi.unstubAllGlobals());

describe('changing the password', () => {
  it("sends Cognito's ChangePassword with the session's access token", async () => {
    const config = useTestConfig();
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => cognitoResponse(200, {}));
    await changePassword(
      'access-token',
      'Old-Password-1',
      'New-Password-2',
      fetchMock as unknown as typeof fetch,
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(config.cognitoEndpoint);
    expect(new Headers(init.headers).get('X-Amz-Target')).toBe(
      'AWSCognitoIdentityProviderService.ChangePassword',
    );
    expect(JSON.parse(String(init.body))).toEqual({
      AccessToken: 'access-token',
      PreviousPassword: 'Old-Password-1',
      ProposedPassword: 'New-Password-2',
    });
  });

  it('says the current password is wrong, as AWS and cognito-local answer it', async () => {
    useTestConfig();
    for (const type of ['NotAuthorizedException', 'InvalidPasswordException']) {
      const failure = await changePassword('t', 'wrong', 'New-Password-2', (async () =>
        cognitoResponse(400, { __type: type, message: 'Incorrect' })) as unknown as typeof fetch).catch(
        (error: unknown) => error,
      );
      expect(passwordChangeError(failure)).toBe(PASSWORD_MESSAGES.wrongCurrent);
    }
  });

  it('checks the form before sending it', () => {
    expect(passwordChangeErrors({ current: '', next: 'short', confirm: 'other' })).toEqual({
      current: 'Enter your current password.',
      next: AUTH_MESSAGES.password,
      confirm: PASSWORD_MESSAGES.mismatch,
    });
    expect(
      passwordChangeErrors({
        current: 'Same-Password-1',
        next: 'Same-Password-1',
        confirm: 'Same-Password-1',
      }),
    ).toEqual({ next: PASSWORD_MESSAGES.same });
    expect(
      passwordChangeErrors({ current: 'Old-Password-1', next: 'New-Password-2', confirm: 'New-Password-2' }),
    ).toEqual({});
  });
});
