import { Duration } from 'aws-cdk-lib';
import { type EventPattern, type IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { EventRule } from '../../contracts/event-rules.ts';
import { S3_EVENT_SOURCE } from '../../contracts/events.ts';
import { CONSUMER_TIMEOUT_SECONDS, consumerAccess } from '../../contracts/function-access.ts';
import type { BucketName } from '../../contracts/route.ts';
import {
  type AsyncRetry,
  deadLetterQueue,
  grantAccess,
  PlatformFunction,
  type PlatformResources,
  type UserPoolIds,
} from './platform-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface EventConsumersProps {
  stage: StageConfig;
  /** the platform bus; rules with `bus: 'default'` listen on the account's default bus */
  bus: IEventBus;
  rules: readonly EventRule[];
  resources: PlatformResources;
  userPool: UserPoolIds;
}

/**
 * The pattern a rule gets in AWS. S3 notifications arrive on the account's default bus, which every
 * stage in the account shares, so an S3 rule is narrowed to the buckets it declares (the local bus has
 * one stage, so it matches the same events with the bare pattern).
 */
export function awsEventPattern(eventRule: EventRule, buckets: Record<BucketName, IBucket>): EventPattern {
  const { source, 'detail-type': detailType, detail } = eventRule.pattern;
  let awsDetail: Record<string, unknown> | undefined = detail;
  if (source?.includes(S3_EVENT_SOURCE)) {
    const names = (Object.keys(eventRule.resources.buckets ?? {}) as BucketName[]).map(
      (name) => buckets[name].bucketName,
    );
    if (names.length === 0)
      throw new Error(`Event rule ${eventRule.name} takes S3 events but declares no bucket`);
    awsDetail = { ...detail, bucket: { name: names } };
  }
  return {
    ...(source ? { source } : {}),
    ...(detailType ? { detailType } : {}),
    ...(awsDetail ? { detail: awsDetail } : {}),
  };
}

/** Buckets whose object events some rule consumes: they must send notifications to EventBridge. */
export function bucketsNotifyingEventBridge(rules: readonly EventRule[]): BucketName[] {
  const names = rules
    .filter((rule) => rule.pattern.source?.includes(S3_EVENT_SOURCE))
    .flatMap((rule) => Object.keys(rule.resources.buckets ?? {}) as BucketName[]);
  return [...new Set(names)];
}

/**
 * How EventBridge retries a consumer target: 8 attempts over at most 6 hours (with backoff), then the
 * event goes to the target's dead-letter queue. Lambda's own async retries (2) follow each delivery, and
 * what still fails lands in the function's dead-letter queue.
 */
export const CONSUMER_RETRY = { retryAttempts: 8, maxEventAge: Duration.hours(6) } as const;

/**
 * Lambda's own retries of a consumer invocation that failed (its EventInvokeConfig), set rather than left
 * to the defaults: twice (with Lambda's backoff, about 1 and 2 minutes), within the same 6 hours as the
 * delivery; then the event goes to the function's dead-letter queue. Consumers are idempotent.
 */
export const CONSUMER_ASYNC_RETRY: AsyncRetry = { retryAttempts: 2, maxEventAge: Duration.hours(6) };

/** The two dead-letter queues of an EventBridge-driven function. */
export interface DeadLetterQueues {
  /** events EventBridge could not deliver to the target */
  target: Queue;
  /** invocations the function failed after Lambda's retries */
  function: Queue;
}

/** One EventBridge rule and consumer Lambda per `eventRules` entry whose consumer exists. */
export class EventConsumers extends Construct {
  /** by rule name */
  readonly functions = new Map<string, PlatformFunction>();
  readonly rules = new Map<string, Rule>();
  /** by rule name */
  readonly deadLetterQueues = new Map<string, DeadLetterQueues>();

  constructor(scope: Construct, id: string, props: EventConsumersProps) {
    super(scope, id);
    for (const eventRule of props.rules) {
      const fn = new PlatformFunction(this, `Consumer-${eventRule.name}`, {
        entry: eventRule.consumer,
        description: eventRule.description,
        stage: props.stage,
        userPool: props.userPool,
        timeout: Duration.seconds(CONSUMER_TIMEOUT_SECONDS),
        // consumers are idempotent, so retried and replayed deliveries are safe
        deadLetterQueueEnabled: true,
        asyncRetry: CONSUMER_ASYNC_RETRY,
      });
      grantAccess(fn, consumerAccess(eventRule), props.resources);

      const rule = new Rule(this, `Rule-${eventRule.name}`, {
        // no eventBus: the account's default bus
        ...(eventRule.bus === 'platform' ? { eventBus: props.bus } : {}),
        description: eventRule.description,
        eventPattern: awsEventPattern(eventRule, props.resources.buckets),
      });
      const target = deadLetterQueue(this, `TargetDeadLetterQueue-${eventRule.name}`);
      rule.addTarget(new LambdaFunction(fn.fn, { ...CONSUMER_RETRY, deadLetterQueue: target }));
      this.deadLetterQueues.set(eventRule.name, { target, function: fn.deadLetterQueue! });
      this.functions.set(eventRule.name, fn);
      this.rules.set(eventRule.name, rule);
    }
  }
}
