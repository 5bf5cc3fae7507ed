import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
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
  type UserPoolDomain,
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
import type { StageConfig } from './stage-config.ts';

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
}

/** The Cognito user pool, its hosted-UI domain, the Google provider (when configured) and the web client. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;

  constructor(scope: Construct, id: string, { stage, appOrigins }: AuthProps) {
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

    // A public SPA client: no secret. The app signs in with email and password through Cognito's API
    // (USER_PASSWORD_AUTH over TLS, or SRP; REFRESH_TOKEN_AUTH is always allowed) and with Google
    // through the hosted UI's authorization-code flow (Cognito enforces PKCE when the browser sends a
    // code_challenge; the app always does).
    this.client = this.userPool.addClient('WebClient', {
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
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
    });
    // the client may only name the Google provider once it exists
    if (google) this.client.node.addDependency(google);
  }
}
