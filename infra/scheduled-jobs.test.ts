import { Duration } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV_NAMES } from '../contracts/environment.ts';
import { scheduledJobs } from '../contracts/schedules.ts';
import { PlatformStack } from './lib/platform-stack.ts';
import { stageConfig } from './lib/stage-config.ts';
import { testApp } from './support/stacks.ts';

/** The timer-driven functions (contracts/schedules.ts) and the files bucket's lifecycle for folder zips. */
let stack: PlatformStack;
let template: Template;

beforeAll(() => {
  stack = new PlatformStack(testApp(), 'EstateNet-jobs', { stage: stageConfig('dev') });
  template = Template.fromStack(stack);
});

describe('scheduled jobs', () => {
  it.each(scheduledJobs.map((job) => [job.name, job] as const))(
    '%s runs on its EventBridge schedule',
    (_, job) => {
      const fn = stack.jobs.functions.get(job.name)!;
      const functionId = stack.getLogicalId(fn.fn.node.defaultChild as never);
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: Schedule.rate(Duration.minutes(job.everyMinutes)).expressionString,
        State: 'ENABLED',
        Targets: Match.arrayWith([Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } })]),
      });
      const resource = template.findResources('AWS::Lambda::Function')[functionId]!;
      expect(resource.Properties.Timeout).toBe(job.timeoutSeconds);
      expect(Object.keys(resource.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining([
          ENV_NAMES.table,
          ...(job.resources.buckets?.files ? [ENV_NAMES.buckets.files] : []),
        ]),
      );
    },
  );

  it('hands the exchange-rate provider of the stage to the refresh, and none when unset', () => {
    const app = testApp();
    const url = 'https://rates.example.com/latest?base=USD';
    const withProvider = new PlatformStack(app, 'EstateNet-rates', {
      stage: stageConfig('dev', { exchangeRatesUrl: url }),
    });
    const variables = (candidate: PlatformStack) => {
      const fn = candidate.jobs.functions.get('refresh-exchange-rates')!;
      const id = candidate.getLogicalId(fn.fn.node.defaultChild as never);
      return Template.fromStack(candidate).findResources('AWS::Lambda::Function')[id]!.Properties.Environment
        .Variables as Record<string, unknown>;
    };
    expect(variables(withProvider)[ENV_NAMES.exchangeRatesUrl]).toBe(url);
    expect(variables(stack)[ENV_NAMES.exchangeRatesUrl]).toBeUndefined();
    expect(() => stageConfig('dev', { exchangeRatesUrl: 'http://plain.example.com' })).toThrow(/https/);
  });

  it('expires folder zips after a day and aborts abandoned multipart uploads', () => {
    const bucketId = stack.getLogicalId(stack.data.buckets.files.node.defaultChild as never);
    const bucket = template.findResources('AWS::S3::Bucket')[bucketId]!;
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Prefix: 'zips/', ExpirationInDays: 1, Status: 'Enabled' }),
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
      ]),
    );
  });
});
