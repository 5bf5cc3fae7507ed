import * as z from 'zod/mini';

export {
  ACCOUNT_TYPE_ATTRIBUTE,
  ACCOUNT_TYPES,
  type AccountType,
  AGENCY_NAME_ATTRIBUTE,
  APP_CONFIG_PATH,
  OAUTH_CALLBACK_PATH,
} from './values.ts';

/**
 * The app's runtime configuration, served as `/app-config.json` on the app origin: the local cloud
 * generates it at start-up, the CDK stack deploys it next to the built app. The frontend reads it before
 * it renders, so one build runs in every stage.
 */
export const appConfig = z.object({
  region: z.string(),
  userPoolId: z.string(),
  /**
   * The web app client the app signs in with by default: refresh tokens of SESSION_DAYS.session
   * (contracts/session-lifetimes.ts)
   */
  userPoolClientId: z.string(),
  /**
   * The web app client for "Keep me signed in": the same settings, refresh tokens of SESSION_DAYS.kept.
   * A session refreshes (and is revoked) at the client that signed it in.
   */
  keepSignedInClientId: z.string(),
  /** Cognito's JSON API (SignUp, InitiateAuth, ...): the regional endpoint in AWS, cognito-local locally */
  cognitoEndpoint: z.string(),
  /**
   * The OAuth 2.0 domain with `/oauth2/authorize` and `/oauth2/token`: the Cognito hosted UI in AWS, the
   * local cloud's stand-in (`<app>/local-auth`) locally.
   */
  oauthDomain: z.string(),
  /** whether the Sign in with Google button is offered (an identity provider is configured) */
  googleSignIn: z.boolean(),
  /**
   * A third-party support chat widget's script (an https URL). When set, the Live Chat toggle loads that
   * script, only then, instead of the in-app support chat; unset, the in-app chat and the support inbox
   * answer. Read by the live chat after the first page load (frontend/src/features/support/supportWidget.ts),
   * not by the first load's parser (frontend/src/app/config.ts).
   */
  supportChatWidgetUrl: z.optional(z.string()),
});
export type AppConfig = z.infer<typeof appConfig>;
