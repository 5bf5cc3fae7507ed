import type { RouteResources } from './route.ts';

/**
 * Lambda functions Cognito calls (not HTTP routes). The CDK stack attaches them to the user pool; the
 * local cloud exposes them through its Lambda Invoke API, which cognito-local calls, by the same name.
 */
export interface CognitoTrigger {
  /** function name, also the name cognito-local invokes */
  name: string;
  /** the user-pool trigger it serves */
  trigger: 'PostConfirmation' | 'PreSignUp' | 'PreTokenGeneration';
  handler: string;
  resources: RouteResources;
}

export const cognitoTriggers: readonly CognitoTrigger[] = [
  {
    name: 'post-confirmation',
    trigger: 'PostConfirmation',
    handler: 'functions/auth/post-confirmation.ts',
    resources: { table: 'readwrite' },
  },
];
