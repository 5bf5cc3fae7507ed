import type { AppConfig } from '#contracts/app-config';

/** What a test needs to reach the local cloud its project started (vitest `provide`/`inject`). */
export interface CloudInfo {
  appUrl: string;
  /** the local API Gateway's own endpoint (execute-api in AWS): requests there do not pass the front door */
  apiUrl: string;
  /** what the app reads from `/app-config.json` */
  appConfig: AppConfig;
  env: Record<string, string>;
  /** `clientId`: the web client; `keepSignedInClientId`: the "Keep me signed in" one */
  userPool: {
    userPoolId: string;
    clientId: string;
    keepSignedInClientId: string;
    issuer: string;
    endpoint: string;
  };
  /** the test cloud's own door: `POST /drain-events` (events.ts `drainEvents`) */
  controlUrl: string;
  /** the cloud's log: one line per request, Lambda invocation and Cognito code (`cognito-codes.ts` reads it) */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cloud: CloudInfo;
  }
}
