import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import { ENV_NAMES } from '../../contracts/environment.ts';
import { jobAccess } from '../../contracts/function-access.ts';
import type { ScheduledJob } from '../../contracts/schedules.ts';
import type { DeadLetterQueues } from './event-consumers.ts';
import {
  type AsyncRetry,
  deadLetterQueue,
  grantAccess,
  PlatformFunction,
  type PlatformResources,
  type UserPoolIds,
} from './platform-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface ScheduledJobsProps {
  stage: StageConfig;
  jobs: readonly ScheduledJob[];
  resources: PlatformResources;
  userPool: UserPoolIds;
}

/** A missed tick is retried twice within the hour; the next tick repeats the work anyway. */
export const JOB_RETRY = { retryAttempts: 2, maxEventAge: Duration.hours(1) } as const;

/**
 * Lambda's own retries of a run that failed (its EventInvokeConfig), set rather than left to the
 * defaults: twice, within the hour; after that the next tick does the work, and the event goes to the
 * function's dead-letter queue. Jobs are idempotent and safe to run twice at once.
 */
export const JOB_ASYNC_RETRY: AsyncRetry = { retryAttempts: 2, maxEventAge: Duration.hours(1) };

/** One function and one EventBridge schedule rule per entry of contracts/schedules.ts. */
export class ScheduledJobs extends Construct {
  /** by job name */
  readonly functions = new Map<string, PlatformFunction>();
  readonly rules = new Map<string, Rule>();
  /** by job name */
  readonly deadLetterQueues = new Map<string, DeadLetterQueues>();

  constructor(scope: Construct, id: string, props: ScheduledJobsProps) {
    super(scope, id);
    for (const job of props.jobs) {
      const fn = new PlatformFunction(this, `Job-${job.name}`, {
        entry: job.handler,
        description: job.description,
        stage: props.stage,
        userPool: props.userPool,
        timeout: Duration.seconds(job.timeoutSeconds),
        // a failed run is retried by EventBridge and repeated by the next tick; jobs are idempotent
        deadLetterQueueEnabled: true,
        asyncRetry: JOB_ASYNC_RETRY,
      });
      grantAccess(fn, jobAccess(job), props.resources);
      for (const setting of job.settings ?? []) {
        const value = props.stage[setting];
        if (value) fn.fn.addEnvironment(ENV_NAMES[setting], value);
      }
      const rule = new Rule(this, `Schedule-${job.name}`, {
        description: job.description,
        schedule: Schedule.rate(Duration.minutes(job.everyMinutes)),
      });
      const target = deadLetterQueue(this, `TargetDeadLetterQueue-${job.name}`);
      rule.addTarget(new LambdaFunction(fn.fn, { ...JOB_RETRY, deadLetterQueue: target }));
      this.deadLetterQueues.set(job.name, { target, function: fn.deadLetterQueue! });
      // a migration runs as soon as the stack is deployed (and again whenever its code changes)
      if (job.runAfterDeploy)
        new Trigger(this, `AfterDeploy-${job.name}`, {
          handler: fn.fn,
          executeOnHandlerChange: true,
          timeout: Duration.seconds(job.timeoutSeconds),
        });
      this.functions.set(job.name, fn);
      this.rules.set(job.name, rule);
    }
  }
}
