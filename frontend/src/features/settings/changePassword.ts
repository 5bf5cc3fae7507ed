import { getAppConfig } from '../../app/config.ts';
import { AUTH_MESSAGES, CognitoError } from '../auth/cognito.ts';
import { meetsPasswordPolicy } from '../auth/passwordPolicy.ts';

export const PASSWORD_MESSAGES = {
  wrongCurrent: 'Your current password is not correct.',
  mismatch: 'The new passwords do not match.',
  same: 'Choose a new password different from the current one.',
  changed: 'Your password has been changed.',
} as const;

export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

/** What is wrong with the form before it is sent, field by field. */
export function passwordChangeErrors(change: PasswordChange): Partial<Record<keyof PasswordChange, string>> {
  const errors: Partial<Record<keyof PasswordChange, string>> = {};
  if (!change.current) errors.current = 'Enter your current password.';
  if (!meetsPasswordPolicy(change.next)) errors.next = AUTH_MESSAGES.password;
  else if (change.next === change.current) errors.next = PASSWORD_MESSAGES.same;
  if (change.confirm !== change.next) errors.confirm = PASSWORD_MESSAGES.mismatch;
  return errors;
}

/**
 * Cognito's ChangePassword, called from the browser with the signed-in session's access token (the
 * JSON API the sign-in screens use; no ClientId in this call). The same call works in AWS and locally.
 */
export async function changePassword(
  accessToken: string,
  previous: string,
  proposed: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(getAppConfig().cognitoEndpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.ChangePassword',
      },
      body: JSON.stringify({
        AccessToken: accessToken,
        PreviousPassword: previous,
        ProposedPassword: proposed,
      }),
    });
  } catch {
    throw new CognitoError('NetworkError', 'The account service could not be reached');
  }
  if (response.ok) return;
  const data = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
  const type = data.__type ?? response.headers.get('x-amzn-errortype') ?? 'UnknownError';
  throw new CognitoError(type.slice(type.lastIndexOf('#') + 1).split(':')[0]!, data.message ?? '');
}

/** The message for a failed change. */
export function passwordChangeError(error: unknown): string {
  if (!(error instanceof CognitoError)) return AUTH_MESSAGES.unknown;
  switch (error.code) {
    // AWS answers a wrong current password with NotAuthorizedException, cognito-local with
    // InvalidPasswordException; the new one already met the pool's policy before it was sent
    case 'NotAuthorizedException':
    case 'InvalidPasswordException':
      return PASSWORD_MESSAGES.wrongCurrent;
    case 'InvalidParameterException':
      return AUTH_MESSAGES.password;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return AUTH_MESSAGES.tooManyAttempts;
    case 'NetworkError':
      return AUTH_MESSAGES.network;
    default:
      return AUTH_MESSAGES.unknown;
  }
}
