import { Annotations, Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  type ICustomAttribute,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolClientOptions,
  type UserPoolDomain,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import {
  ACCOUNT_TYPE_ATTRIBUTE,
  AGENCY_NAME_ATTRIBUTE,
  OAUTH_CALLBACK_PATH,
} from '../../contracts/app-config.ts';
import { LOGIN_PATH } from '../../contracts/route-guard.ts';
import { ACCESS_TOKEN_MINUTES, SESSION_DAYS } from '../../contracts/session-lifetimes.ts';
import type { InviteEmail } from './invite-email.ts';
import type { StageConfig } from './stage-config.ts';

/** The sender name of the pool's emails (confirmation codes, password resets). */
const SENDER_NAME = 'EstateNet';

/** `custom:account_type` → `account_type`: CDK names custom attributes without their prefix. */
const customName = (attribute: string) => attribute.replace(/^custom:/, '');

/**
 * The sign-up attributes beyond email and name (contracts/app-config.ts): what kind of account, and the
 * agency's name for an agency account. Mutable strings, so a later plan change can rewrite them; the
 * local cloud declares the same ones (local/bootstrap.ts).
 */
export const CUSTOM_ATTRIBUTES: Record<string, ICustomAttribute> = {
  [customName(ACCOUNT_TYPE_ATTRIBUTE)]: new StringAttribute({ minLen: 0, maxLen: 16, mutable: true }),
  [customName(AGENCY_NAME_ATTRIBUTE)]: new StringAttribute({ minLen: 0, maxLen: 120, mutable: true }),
};

export interface AuthProps {
  stage: StageConfig;
  /** origins of the app (CloudFront, custom domain, local frontend in dev) */
  appOrigins: string[];
  /**
   * The stage's SES sender (the one invitations go out from): the pool mails its confirmation codes and
   * password resets through it. Without one, Cognito sends them itself (a few dozen a day: dev and test
   * stages only).
   */
  sender?: InviteEmail;
}

/**
 * How the pool sends its emails: through the stage's SES identity when there is one (and it is verified:
 * Cognito refuses an unverified identity when the pool is created or updated), else with Cognito's own.
 */
function accountEmail(scope: Construct, stage: StageConfig, sender: InviteEmail | undefined): UserPoolEmail {
  if (!sender) return UserPoolEmail.withCognito();
  if (stage.senderPending) {
    Annotations.of(scope).addWarningV2(
      'estatenet:account-email',
      `senderPending: confirmation codes and password resets go out from Cognito's own sender (a few dozen a day) until ${sender.identityName} is verified in SES and the stage is deployed without -c senderPending.`,
    );
    return UserPoolEmail.withCognito();
  }
  return UserPoolEmail.withSES({
    fromEmail: sender.fromAddress,
    fromName: SENDER_NAME,
    // the identity the sender is verified under: its domain, or the address itself
    ...(sender.identityName === sender.fromAddress ? {} : { sesVerifiedDomain: sender.identityName }),
    configurationSetName: sender.configurationSet.configurationSetName,
    // the stack is environment-agnostic: SES in the pool's own region
    sesRegion: Stack.of(scope).region,
  });
}

/**
 * The Cognito user pool, its hosted-UI domain, the Google provider (when configured) and the two web
 * clients: the session client and the "Keep me signed in" one (contracts/session-lifetimes.ts).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  /** the web client a sign-in uses by default: refresh tokens of SESSION_DAYS.session */
  readonly client: UserPoolClient;
  /** the web client of "Keep me signed in": refresh tokens of SESSION_DAYS.kept */
  readonly keepSignedInClient: UserPoolClient;
  readonly domain: UserPoolDomain;

  constructor(scope: Construct, id: string, { stage, appOrigins, sender }: AuthProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: stage.namePrefix,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      customAttributes: CUSTOM_ATTRIBUTES,
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: accountEmail(this, stage, sender),
      // optional TOTP: an agent may add an authenticator app; SMS is never offered (cost, SIM swap)
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // threat protection (compromised credentials, adaptive authentication) where the stage pays for Plus
      ...(stage.threatProtection
        ? {
            featurePlan: FeaturePlan.PLUS,
            standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
          }
        : { featurePlan: FeaturePlan.ESSENTIALS }),
      deletionProtection: stage.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: stage.removalPolicy,
    });
    // Cognito checks the SES identity when it creates or updates the pool: the identity comes first
    if (sender && !stage.senderPending) this.userPool.node.addDependency(sender.identity);
    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason:
          'Product choice: 8+ characters with upper case, lower case and a digit, the rule the sign-up form and the local cloud enforce; symbols are not required.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'Product choice: MFA is optional (TOTP); requiring it would block agents at first sign-in.',
      },
      ...(stage.threatProtection
        ? []
        : [
            {
              id: 'AwsSolutions-COG3',
              reason: `Threat protection needs the Plus feature plan, paid per user; ${stage.stage} has only test users, prod enforces it.`,
            },
            {
              id: 'AwsSolutions-COG8',
              reason: `The Plus feature plan is enabled in prod only; ${stage.stage} stays on Essentials (cost).`,
            },
          ]),
    ]);

    this.domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: stage.authDomainPrefix },
    });

    const identityProviders = [UserPoolClientIdentityProvider.COGNITO];
    let google: UserPoolIdentityProviderGoogle | undefined;
    if (stage.google) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: stage.google.clientId,
        // a dynamic reference resolved by CloudFormation; the secret value never enters the template
        clientSecretValue: SecretValue.secretsManager(stage.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          fullname: ProviderAttribute.GOOGLE_NAME,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
          profilePicture: ProviderAttribute.GOOGLE_PICTURE,
        },
      });
      identityProviders.push(UserPoolClientIdentityProvider.GOOGLE);
    }

    // Two public SPA clients (no secret), alike but for their refresh tokens. The app signs in with email
    // and password through Cognito's API (USER_PASSWORD_AUTH over TLS, or SRP; REFRESH_TOKEN_AUTH is always
    // allowed) and with Google through the hosted UI's authorization-code flow (Cognito enforces PKCE when
    // the browser sends a code_challenge; the app always does). A refresh token works only at the client
    // that issued it, so the app refreshes and revokes at the client it signed in with.
    const webClient = (clientId: string, refreshDays: number) => {
      const client = this.userPool.addClient(clientId, {
        ...webClientOptions(identityProviders, appOrigins),
        refreshTokenValidity: Duration.days(refreshDays),
      });
      // the client may only name the Google provider once it exists
      if (google) client.node.addDependency(google);
      return client;
    };
    this.client = webClient('WebClient', SESSION_DAYS.session);
    this.keepSignedInClient = webClient('KeepSignedInClient', SESSION_DAYS.kept);
  }

  /** The web clients whose access tokens the API takes, comma-separated (`USER_POOL_CLIENT_ID`). */
  get apiClientIds(): string {
    return [this.client, this.keepSignedInClient].map((client) => client.userPoolClientId).join(',');
  }
}

/** What the two web clients share: flows, providers, OAuth, the access and ID tokens' lifetime. */
function webClientOptions(
  identityProviders: UserPoolClientIdentityProvider[],
  appOrigins: string[],
): UserPoolClientOptions {
  return {
    generateSecret: false,
    authFlows: { userSrp: true, userPassword: true },
    preventUserExistenceErrors: true,
    supportedIdentityProviders: identityProviders,
    oAuth: {
      flows: { authorizationCodeGrant: true, implicitCodeGrant: false },
      // COGNITO_ADMIN: a Google session may call GlobalSignOut ("Sign out everywhere"), as a password one may
      scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.COGNITO_ADMIN],
      callbackUrls: appOrigins.map((origin) => `${origin}${OAUTH_CALLBACK_PATH}`),
      logoutUrls: appOrigins.map((origin) => `${origin}${LOGIN_PATH}`),
    },
    accessTokenValidity: Duration.minutes(ACCESS_TOKEN_MINUTES),
    idTokenValidity: Duration.minutes(ACCESS_TOKEN_MINUTES),
    enableTokenRevocation: true,
  };
}
