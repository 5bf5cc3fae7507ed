import type { AccountType, AppConfig } from '#contracts/app-config';
import { ACCOUNT_TYPE_ATTRIBUTE, AGENCY_NAME_ATTRIBUTE } from '#contracts/values';
import { PASSWORD_POLICY_MESSAGE } from './passwordPolicy.ts';

/**
 * A small client for Cognito's JSON API (the one the AWS SDK speaks), without the SDK: one POST per
 * operation to the configured endpoint. The same calls work against AWS and the local cloud.
 */
export type CognitoOperation =
  | 'SignUp'
  | 'ConfirmSignUp'
  | 'ResendConfirmationCode'
  | 'InitiateAuth'
  | 'ForgotPassword'
  | 'ConfirmForgotPassword'
  | 'RevokeToken'
  | 'GlobalSignOut';

/** Operations the session's access token authorizes: they name no app client. */
const ACCESS_TOKEN_OPERATIONS: ReadonlySet<CognitoOperation> = new Set(['GlobalSignOut']);

/** What the user was doing; decides how an error reads (the same code can mean different things). */
export type AuthStep =
  | 'signIn'
  | 'signUp'
  | 'confirm'
  | 'resend'
  | 'forgotPassword'
  | 'resetPassword'
  | 'refresh';

export type CognitoConfig = Pick<AppConfig, 'cognitoEndpoint' | 'userPoolClientId'>;

/** An error answered by Cognito (`__type` names the exception), or a network failure (`NetworkError`). */
export class CognitoError extends Error {
  override name = 'CognitoError';
  constructor(
    readonly code: string,
    readonly serverMessage: string,
  ) {
    super(serverMessage || code);
  }
}

export const AUTH_MESSAGES = {
  incorrectCredentials: 'Incorrect email or password',
  noAccount: 'No account exists for this email',
  accountExists: 'An account with this email already exists. Sign in instead.',
  codeMismatch: "That code isn't right. Check the code in your email and try again.",
  codeExpired: 'That code has expired. Request a new one.',
  notConfirmed: 'Confirm your email address to finish signing up.',
  alreadyConfirmed: 'This account is already confirmed. Sign in to continue.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  resetRequired: 'You need to set a new password. Use "Forgot password?" to get a reset code.',
  codeDelivery: "We couldn't send the code. Please try again in a moment.",
  invalidParameter: 'Some of the details are not valid. Check them and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  network: "We couldn't reach the account service. Check your connection and try again.",
  unknown: 'Something went wrong. Please try again.',
  password: PASSWORD_POLICY_MESSAGE,
} as const;

/**
 * The message to show for a failed auth call. Signing in never tells a wrong password from an unknown
 * email (Cognito's PreventUserExistenceErrors does the same, and cognito-local answers a wrong password
 * with InvalidPasswordException); the other steps say plainly that no account exists.
 */
export function authErrorMessage(step: AuthStep, error: unknown): string {
  if (!(error instanceof CognitoError)) return AUTH_MESSAGES.unknown;
  switch (error.code) {
    case 'NetworkError':
      return AUTH_MESSAGES.network;
    case 'NotAuthorizedException':
      if (step === 'signIn') return AUTH_MESSAGES.incorrectCredentials;
      if (step === 'confirm' || step === 'resend') return AUTH_MESSAGES.alreadyConfirmed;
      if (step === 'refresh') return AUTH_MESSAGES.sessionExpired;
      return AUTH_MESSAGES.unknown;
    case 'UserNotFoundException':
      return step === 'signIn' ? AUTH_MESSAGES.incorrectCredentials : AUTH_MESSAGES.noAccount;
    case 'InvalidPasswordException':
      return step === 'signIn' ? AUTH_MESSAGES.incorrectCredentials : AUTH_MESSAGES.password;
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return AUTH_MESSAGES.accountExists;
    case 'CodeMismatchException':
      return AUTH_MESSAGES.codeMismatch;
    case 'ExpiredCodeException':
      return AUTH_MESSAGES.codeExpired;
    case 'UserNotConfirmedException':
      return AUTH_MESSAGES.notConfirmed;
    case 'PasswordResetRequiredException':
      return AUTH_MESSAGES.resetRequired;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return AUTH_MESSAGES.tooManyAttempts;
    case 'CodeDeliveryFailureException':
      return AUTH_MESSAGES.codeDelivery;
    case 'InvalidParameterException':
      // AWS reports some password-policy failures of SignUp this way
      return /password/i.test(error.serverMessage) && step !== 'signIn'
        ? AUTH_MESSAGES.password
        : AUTH_MESSAGES.invalidParameter;
    default:
      return AUTH_MESSAGES.unknown;
  }
}

/** True when the account exists but its email is not confirmed yet: the UI goes to the confirm screen. */
export const isUnconfirmed = (error: unknown) =>
  error instanceof CognitoError && error.code === 'UserNotConfirmedException';

/** `com.amazonaws...#NotAuthorizedException:http://...` → `NotAuthorizedException` */
function errorCode(raw: string | null | undefined): string {
  if (!raw) return 'UnknownError';
  const afterHash = raw.includes('#') ? raw.slice(raw.lastIndexOf('#') + 1) : raw;
  return afterHash.split(':')[0]!.trim() || 'UnknownError';
}

export async function cognitoRequest<T>(
  config: CognitoConfig,
  operation: CognitoOperation,
  body: Record<string, unknown>,
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(config.cognitoEndpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(
        ACCESS_TOKEN_OPERATIONS.has(operation) ? body : { ClientId: config.userPoolClientId, ...body },
      ),
    });
  } catch {
    throw new CognitoError('NetworkError', 'The account service could not be reached');
  }
  const text = await response.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // a proxy's HTML error page: handled as an unknown error below
  }
  if (!response.ok) {
    const type = (data.__type as string | undefined) ?? response.headers.get('x-amzn-errortype');
    const message = (data.message ?? data.Message ?? '') as string;
    throw new CognitoError(errorCode(type), String(message));
  }
  return data as T;
}

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
  accountType: AccountType;
  agencyName?: string;
}

export interface CodeDelivery {
  Destination?: string;
  DeliveryMedium?: string;
}

export function signUp(config: CognitoConfig, input: SignUpInput, fetchImpl?: typeof fetch) {
  const attributes = [
    { Name: 'email', Value: input.email },
    { Name: 'name', Value: input.fullName },
    { Name: ACCOUNT_TYPE_ATTRIBUTE, Value: input.accountType },
    ...(input.accountType === 'agency' && input.agencyName
      ? [{ Name: AGENCY_NAME_ATTRIBUTE, Value: input.agencyName }]
      : []),
  ];
  return cognitoRequest<{ UserConfirmed: boolean; UserSub: string; CodeDeliveryDetails?: CodeDelivery }>(
    config,
    'SignUp',
    { Username: input.email, Password: input.password, UserAttributes: attributes },
    fetchImpl,
  );
}

export function confirmSignUp(config: CognitoConfig, email: string, code: string, fetchImpl?: typeof fetch) {
  return cognitoRequest<Record<string, never>>(
    config,
    'ConfirmSignUp',
    { Username: email, ConfirmationCode: code },
    fetchImpl,
  );
}

export function resendConfirmationCode(config: CognitoConfig, email: string, fetchImpl?: typeof fetch) {
  return cognitoRequest<{ CodeDeliveryDetails?: CodeDelivery }>(
    config,
    'ResendConfirmationCode',
    { Username: email },
    fetchImpl,
  );
}

export function forgotPassword(config: CognitoConfig, email: string, fetchImpl?: typeof fetch) {
  return cognitoRequest<{ CodeDeliveryDetails?: CodeDelivery }>(
    config,
    'ForgotPassword',
    { Username: email },
    fetchImpl,
  );
}

export function confirmForgotPassword(
  config: CognitoConfig,
  input: { email: string; code: string; password: string },
  fetchImpl?: typeof fetch,
) {
  return cognitoRequest<Record<string, never>>(
    config,
    'ConfirmForgotPassword',
    { Username: input.email, ConfirmationCode: input.code, Password: input.password },
    fetchImpl,
  );
}

/** The tokens of a session; a refresh answers without a new refresh token. */
export interface AuthTokens {
  accessToken: string;
  idToken?: string | undefined;
  refreshToken?: string | undefined;
}

interface InitiateAuthResponse {
  AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
  ChallengeName?: string;
}

function tokensFrom(result: InitiateAuthResponse): AuthTokens {
  const tokens = result.AuthenticationResult;
  if (!tokens?.AccessToken) {
    // e.g. NEW_PASSWORD_REQUIRED for an account an administrator created
    throw new CognitoError('PasswordResetRequiredException', result.ChallengeName ?? 'No tokens returned');
  }
  return { accessToken: tokens.AccessToken, idToken: tokens.IdToken, refreshToken: tokens.RefreshToken };
}

export async function initiatePasswordAuth(
  config: CognitoConfig,
  email: string,
  password: string,
  fetchImpl?: typeof fetch,
): Promise<AuthTokens> {
  const result = await cognitoRequest<InitiateAuthResponse>(
    config,
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } },
    fetchImpl,
  );
  return tokensFrom(result);
}

export async function initiateRefreshAuth(
  config: CognitoConfig,
  refreshToken: string,
  fetchImpl?: typeof fetch,
): Promise<AuthTokens> {
  const result = await cognitoRequest<InitiateAuthResponse>(
    config,
    'InitiateAuth',
    { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } },
    fetchImpl,
  );
  return tokensFrom(result);
}

/**
 * Revokes a refresh token (logout): Cognito then refuses it, and the access tokens it issued, to anyone who
 * still holds a copy.
 */
export function revokeToken(config: CognitoConfig, refreshToken: string, fetchImpl?: typeof fetch) {
  return cognitoRequest<Record<string, never>>(config, 'RevokeToken', { Token: refreshToken }, fetchImpl);
}

/** Signs the user out everywhere: every refresh token Cognito issued to them is revoked. */
export function globalSignOut(config: CognitoConfig, accessToken: string, fetchImpl?: typeof fetch) {
  return cognitoRequest<Record<string, never>>(
    config,
    'GlobalSignOut',
    { AccessToken: accessToken },
    fetchImpl,
  );
}
