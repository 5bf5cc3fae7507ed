import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';

export interface UserPoolAccess {
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

const clients = new Map<string, CognitoIdentityProviderClient>();
/** One SDK client per emulator endpoint. */
export function cognitoClient(endpoint: string) {
  let client = clients.get(endpoint);
  if (!client) {
    client = new CognitoIdentityProviderClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    clients.set(endpoint, client);
  }
  return client;
}

/**
 * A confirmed user with a permanent password in the local user pool (created once); returns its sub.
 * Used by the demo seed and by tests that need real tokens.
 */
export async function ensureCognitoUser(
  pool: UserPoolAccess,
  user: { email: string; password: string; fullName: string },
): Promise<string> {
  const client = cognitoClient(pool.endpoint);
  const subOf = (attributes: Array<{ Name?: string; Value?: string }> | undefined) =>
    attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? '';
  try {
    const existing = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    return subOf(existing.UserAttributes);
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
      Username: user.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: user.fullName },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: pool.userPoolId,
      Username: user.email,
      Password: user.password,
      Permanent: true,
    }),
  );
  return subOf(created.User?.Attributes);
}

/** A user's `sub` attribute (the id the tokens carry), or undefined when there is no such user. */
export async function findCognitoUser(pool: UserPoolAccess, email: string): Promise<string | undefined> {
  try {
    const user = await cognitoClient(pool.endpoint).send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }),
    );
    return user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}

/** Signs in with email and password (USER_PASSWORD_AUTH) and returns the tokens. */
export async function signIn(pool: UserPoolAccess, email: string, password: string) {
  const result = await cognitoClient(pool.endpoint).send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const tokens = result.AuthenticationResult;
  if (!tokens?.AccessToken) throw new Error(`sign-in of ${email} returned no token`);
  return {
    accessToken: tokens.AccessToken,
    idToken: tokens.IdToken ?? '',
    refreshToken: tokens.RefreshToken ?? '',
  };
}
