/** What a test needs to reach the local cloud its project started (vitest `provide`/`inject`). */
export interface CloudInfo {
  appUrl: string;
  env: Record<string, string>;
  userPool: { userPoolId: string; clientId: string; issuer: string; endpoint: string };
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cloud: CloudInfo;
  }
}
