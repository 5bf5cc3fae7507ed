import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { ScheduledJob } from '../../events/schedules.ts';
import { ENV_NAMES } from '../../functions/lib/config.ts';
import {
  grantResources,
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

/** One function and one EventBridge schedule rule per entry of events/schedules.ts. */
export class ScheduledJobs extends Construct {
  /** by job name */
  readonly functions = new Map<string, PlatformFunction>();
  readonly rules = new Map<string, Rule>();

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
      });
      grantResources(fn, job.resources, props.resources);
      for (const setting of job.settings ?? []) {
        const value = props.stage[setting];
        if (value) fn.fn.addEnvironment(ENV_NAMES[setting], value);
      }
      const rule = new Rule(this, `Schedule-${job.name}`, {
        description: job.description,
        schedule: Schedule.rate(Duration.minutes(job.everyMinutes)),
      });
      rule.addTarget(new LambdaFunction(fn.fn, { retryAttempts: 2, maxEventAge: Duration.hours(1) }));
      this.functions.set(job.name, fn);
      this.rules.set(job.name, rule);
    }
  }
}
