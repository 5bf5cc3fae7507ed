import type { AppConfig } from '#contracts/app-config';

/** What a test needs to reach the local cloud its project started (vitest `provide`/`inject`). */
export interface CloudInfo {
  appUrl: string;
  /** what the app reads from `/app-config.json` */
  appConfig: AppConfig;
  env: Record<string, string>;
  userPool: { userPoolId: string; clientId: string; issuer: string; endpoint: string };
  /** the cloud's log: one line per request, Lambda invocation and Cognito code (`cognito-codes.ts` reads it) */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cloud: CloudInfo;
  }
}
