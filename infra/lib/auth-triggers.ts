import { Duration } from 'aws-cdk-lib';
import { type UserPool, UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { TRIGGER_TIMEOUT_SECONDS, triggerAccess } from '../../contracts/function-access.ts';
import type { CognitoTrigger } from '../../contracts/triggers.ts';
import { grantAccess, PlatformFunction, type PlatformResources } from './platform-function.ts';
import type { StageConfig } from './stage-config.ts';

/** Cognito waits 5 s for a trigger; the function gives up at the same time (the local cloud does too). */
export const TRIGGER_TIMEOUT = Duration.seconds(TRIGGER_TIMEOUT_SECONDS);

const OPERATIONS: Record<CognitoTrigger['trigger'], UserPoolOperation> = {
  PostConfirmation: UserPoolOperation.POST_CONFIRMATION,
  PreSignUp: UserPoolOperation.PRE_SIGN_UP,
  PreTokenGeneration: UserPoolOperation.PRE_TOKEN_GENERATION,
};

export interface AuthTriggersProps {
  stage: StageConfig;
  triggers: readonly CognitoTrigger[];
  userPool: UserPool;
  resources: PlatformResources;
}

/**
 * The user pool's Lambda triggers from contracts/triggers.ts: one function each, granted exactly the
 * resources its entry declares, attached to the pool (which also lets Cognito invoke it).
 */
export class AuthTriggers extends Construct {
  /** by trigger function name */
  readonly functions = new Map<string, PlatformFunction>();

  constructor(scope: Construct, id: string, props: AuthTriggersProps) {
    super(scope, id);
    const seen = new Set<string>();
    for (const trigger of props.triggers) {
      if (seen.has(trigger.trigger)) throw new Error(`Two functions for the ${trigger.trigger} trigger`);
      seen.add(trigger.trigger);
      // the pool names its triggers, so a trigger naming the pool back would be a circular dependency
      if (trigger.resources.userPool) {
        throw new Error(`Trigger ${trigger.name} cannot be granted the user pool it is attached to`);
      }
      const fn = new PlatformFunction(this, `Trigger-${trigger.name}`, {
        entry: trigger.handler,
        description: `Cognito ${trigger.trigger} trigger (${trigger.name})`,
        stage: props.stage,
        timeout: TRIGGER_TIMEOUT,
      });
      grantAccess(fn, triggerAccess(trigger), props.resources);
      props.userPool.addTrigger(OPERATIONS[trigger.trigger], fn.fn);
      this.functions.set(trigger.name, fn);
    }
  }
}
