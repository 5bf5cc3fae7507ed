import {
  AddCustomAttributesCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  type CreateUserPoolClientCommandInput,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type SchemaAttributeType,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { ACCOUNT_TYPE_ATTRIBUTE, AGENCY_NAME_ATTRIBUTE, OAUTH_CALLBACK_PATH } from '#contracts/app-config';
import { LOGIN_PATH } from '#contracts/route-guard';
import { ACCESS_TOKEN_MINUTES, SESSION_DAYS, type SessionKind } from '#contracts/session-lifetimes';
import { keyAttributes, TABLE_GSI_DEFINITIONS, TABLE_KEY_SCHEMA } from '#platform/data/table';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const region = 'us-east-1';

/** Creates the single table from its one definition, unless it exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: TABLE_KEY_SCHEMA,
      GlobalSecondaryIndexes: TABLE_GSI_DEFINITIONS,
    }),
  );
  client.destroy();
}

export interface UserPoolSetup {
  userPoolId: string;
  /** the web client a sign-in uses by default (refresh tokens of SESSION_DAYS.session) */
  clientId: string;
  /** the "Keep me signed in" web client (refresh tokens of SESSION_DAYS.kept) */
  keepSignedInClientId: string;
  issuer: string;
}

/** The local pool's web clients by name, as the CDK's WebClient and KeepSignedInClient. */
export const WEB_CLIENTS: Record<SessionKind, string> = { session: 'web', kept: 'web-keep-signed-in' };

/**
 * The pool's custom attributes (sign-up's account type and agency name), as the CDK pool declares them.
 * cognito-local stores any `custom:` attribute on SignUp, but (Admin)UpdateUserAttributes checks the
 * pool's schema, so the local pool declares them too.
 */
export const CUSTOM_ATTRIBUTES: SchemaAttributeType[] = [
  { Name: ACCOUNT_TYPE_ATTRIBUTE.replace(/^custom:/, ''), maxLength: 16 },
  { Name: AGENCY_NAME_ATTRIBUTE.replace(/^custom:/, ''), maxLength: 120 },
].map(({ Name, maxLength }) => ({
  Name,
  AttributeDataType: 'String',
  Mutable: true,
  Required: false,
  StringAttributeConstraints: { MinLength: '0', MaxLength: String(maxLength) },
}));

/** A web client's sign-in settings, the same as the CDK's web clients (infra/lib/auth.ts). */
function webClientSettings(
  appOrigins: string[],
  kind: SessionKind,
): Omit<CreateUserPoolClientCommandInput, 'UserPoolId' | 'ClientName'> {
  return {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
    AllowedOAuthFlows: ['code'],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
    SupportedIdentityProviders: ['COGNITO', 'Google'],
    CallbackURLs: appOrigins.map((origin) => `${origin}${OAUTH_CALLBACK_PATH}`),
    LogoutURLs: appOrigins.map((origin) => `${origin}${LOGIN_PATH}`),
    PreventUserExistenceErrors: 'ENABLED',
    EnableTokenRevocation: true,
    // token lifetimes as the CDK web clients have them: cognito-local signs its tokens with these
    AccessTokenValidity: ACCESS_TOKEN_MINUTES,
    IdTokenValidity: ACCESS_TOKEN_MINUTES,
    RefreshTokenValidity: SESSION_DAYS[kind],
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  };
}

/**
 * Finds or creates the user pool (with its custom attributes) and its two web clients in cognito-local
 * (matched by name). The clients' callback URLs follow the app's origins, which change between runs.
 */
export async function ensureUserPool(
  endpoint: string,
  poolName: string,
  appOrigins: string[] = [],
): Promise<UserPoolSetup> {
  const client = new CognitoIdentityProviderClient({ endpoint, region, credentials });
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === poolName)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Schema: CUSTOM_ATTRIBUTES,
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: false,
          },
        },
      }),
    );
    userPoolId = created.UserPool!.Id!;
  } else {
    // a pool kept in .data/ from before the attributes existed gets them added
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
    const declared = new Set(UserPool?.SchemaAttributes?.map((attribute) => attribute.Name));
    const missing = CUSTOM_ATTRIBUTES.filter((attribute) => !declared.has(`custom:${attribute.Name}`));
    if (missing.length) {
      await client.send(
        new AddCustomAttributesCommand({ UserPoolId: userPoolId, CustomAttributes: missing }),
      );
    }
  }
  const clients = await client.send(
    new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
  );
  /** The web client of that kind, created or brought up to date (a pool kept in .data/ from before). */
  const ensureClient = async (kind: SessionKind): Promise<string> => {
    const name = WEB_CLIENTS[kind];
    const settings = webClientSettings(appOrigins, kind);
    const existing = clients.UserPoolClients?.find((appClient) => appClient.ClientName === name)?.ClientId;
    if (existing) {
      await client.send(
        new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: existing, ...settings }),
      );
      return existing;
    }
    const created = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: name, ...settings }),
    );
    return created.UserPoolClient!.ClientId!;
  };
  const clientId = await ensureClient('session');
  const keepSignedInClientId = await ensureClient('kept');
  client.destroy();
  return { userPoolId, clientId, keepSignedInClientId, issuer: `${endpoint}/${userPoolId}` };
}
