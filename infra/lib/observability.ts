import { ArnFormat, Aws, CfnCondition, Duration, Fn, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { PlatformFunction } from './platform-function.ts';
import type { StageConfig } from './stage-config.ts';

/** Alarm and dashboard period. */
export const ALARM_PERIOD = Duration.minutes(5);

export interface MonitoringProps {
  stage: StageConfig;
  api: IHttpApi;
  table: ITable;
}

/**
 * The stage's alarms, all to one SNS topic (an email subscription when `-c alarmEmail` is given), and one
 * CloudWatch dashboard: API 5xx rate, each function's errors and throttles, each dead-letter queue's
 * depth, and DynamoDB throttling. The topic is encrypted with a key of its own (rotated yearly): SNS's
 * AWS-managed key cannot be used, since its policy cannot let CloudWatch publish alarms to the topic.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  /** the alarm topic's KMS key */
  readonly topicKey: Key;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  private readonly action: SnsAction;
  private readonly queues: { name: string; queue: IQueue }[] = [];

  constructor(
    scope: Construct,
    id: string,
    private readonly props: MonitoringProps,
  ) {
    super(scope, id);
    const { stage, api, table } = props;
    this.topicKey = new Key(this, 'AlarmTopicKey', {
      description: `${stage.namePrefix}: encrypts the alarm topic`,
      enableKeyRotation: true,
      removalPolicy: stage.removalPolicy,
    });
    // CloudWatch publishes the alarms: it needs the key to encrypt what it puts on the topic, and only for
    // alarms of this account and region (no confused deputy)
    this.topicKey.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Stack.of(this).account },
          ArnLike: {
            'aws:SourceArn': `arn:${Stack.of(this).partition}:cloudwatch:${Stack.of(this).region}:${Stack.of(this).account}:alarm:*`,
          },
        },
      }),
    );
    this.topic = new Topic(this, 'AlarmTopic', {
      topicName: `${stage.namePrefix}-alarms`,
      displayName: `EstateNet ${stage.stage} alarms`,
      enforceSSL: true,
      masterKey: this.topicKey,
    });
    if (stage.alarmEmail) this.topic.addSubscription(new EmailSubscription(stage.alarmEmail));
    this.action = new SnsAction(this.topic);

    const requests = api.metricCount({ period: ALARM_PERIOD, statistic: 'Sum' });
    const serverErrors = api.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' });
    const errorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      period: ALARM_PERIOD,
      label: 'API 5xx (% of requests)',
    });
    this.alarm(this, 'Api5xxRate', {
      metric: errorRate,
      threshold: stage.api5xxRatePercent,
      description: `More than ${stage.api5xxRatePercent}% of API requests answered 5xx in 5 minutes`,
    });

    const throttles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: {
        reads: table.metric('ReadThrottleEvents', { period: ALARM_PERIOD, statistic: 'Sum' }),
        writes: table.metric('WriteThrottleEvents', { period: ALARM_PERIOD, statistic: 'Sum' }),
      },
      period: ALARM_PERIOD,
      label: 'DynamoDB throttle events',
    });
    this.alarm(this, 'TableThrottles', {
      metric: throttles,
      threshold: 0,
      description: 'DynamoDB throttled reads or writes on the table',
    });

    const lambda = (metricName: string) =>
      new MathExpression({
        // every function of this stack has the stack name in its generated name
        expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" "${Stack.of(this).stackName}"', 'Sum', 300)`,
        period: ALARM_PERIOD,
        label: metricName,
      });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${stage.namePrefix}`,
      defaultInterval: Duration.hours(6),
      widgets: [
        [new TextWidget({ markdown: `# EstateNet ${stage.stage}`, width: 24, height: 1 })],
        [
          new GraphWidget({ title: 'API requests and 5xx', left: [requests, serverErrors], width: 12 }),
          new GraphWidget({ title: 'API 5xx rate (%)', left: [errorRate], width: 12 }),
        ],
        [
          new GraphWidget({ title: 'Lambda errors', left: [lambda('Errors')], width: 8 }),
          new GraphWidget({ title: 'Lambda throttles', left: [lambda('Throttles')], width: 8 }),
          new GraphWidget({ title: 'DynamoDB throttles', left: [throttles], width: 8 }),
        ],
      ],
    });
  }

  /** Errors and throttles alarms of one function, created beside it (in its own nested stack). */
  watchFunction(fn: PlatformFunction): void {
    this.alarm(fn, 'ErrorsAlarm', {
      metric: fn.fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }),
      threshold: 0,
      description: `${fn.node.id}: invocations failed`,
    });
    this.alarm(fn, 'ThrottlesAlarm', {
      metric: fn.fn.metricThrottles({ period: ALARM_PERIOD, statistic: 'Sum' }),
      threshold: 0,
      description: `${fn.node.id}: invocations throttled`,
    });
  }

  /** A dead-letter queue: any message in it raises the alarm. */
  watchQueue(scope: Construct, name: string, queue: IQueue): void {
    this.queues.push({ name, queue });
    this.alarm(scope, `${name}DepthAlarm`, {
      metric: queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
      threshold: 0,
      description: `${name}: undelivered events are waiting in the dead-letter queue`,
    });
  }

  /** The dashboard's dead-letter queue widget, once every queue is known. */
  finish(): void {
    if (this.queues.length === 0) return;
    const metrics: IMetric[] = this.queues.map(({ name, queue }) =>
      queue.metricApproximateNumberOfMessagesVisible({
        period: ALARM_PERIOD,
        statistic: 'Maximum',
        label: name,
      }),
    );
    this.dashboard.addWidgets(new GraphWidget({ title: 'Dead-letter queues', left: metrics, width: 24 }));
  }

  private alarm(
    scope: Construct,
    id: string,
    options: { metric: IMetric; threshold: number; description: string },
  ): Alarm {
    const alarm = new Alarm(scope, id, {
      metric: options.metric,
      threshold: options.threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `${this.props.stage.namePrefix}: ${options.description}`,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}

/**
 * The one region where CloudWatch Logs takes a CloudFront distribution as a delivery source (CloudFront is
 * global; its vended logs live in us-east-1).
 */
export const CLOUDFRONT_LOGS_REGION = 'us-east-1';

export interface DistributionAccessLogsProps {
  stage: StageConfig;
  /** where the logs go: the stack's access-log bucket (its lifecycle expires them) */
  bucket: Bucket;
  /** the distributions, by a short name (`app`, `sites`) */
  distributions: Record<string, IDistribution>;
}

/**
 * CloudFront standard logging (v2): each distribution's access logs delivered by CloudWatch Logs into the
 * access-log bucket, under `AWSLogs/<account>/CloudFront/`, with the bucket's retention. The legacy
 * logging needs an ACL-enabled bucket, which ours refuse (BucketOwnerEnforced); v2 writes as the bucket
 * policy allows. CloudWatch Logs takes a CloudFront delivery source only in us-east-1 and this stack is
 * region-agnostic, so the deliveries exist where the stack is deployed in us-east-1 (a CloudFormation
 * condition) and nowhere else: there the distributions are watched through their CloudWatch metrics.
 */
export class DistributionAccessLogs extends Construct {
  /** true where the stack is deployed in us-east-1 */
  readonly inLogsRegion: CfnCondition;
  readonly sources: CfnDeliverySource[] = [];

  constructor(scope: Construct, id: string, props: DistributionAccessLogsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.inLogsRegion = new CfnCondition(this, 'InCloudFrontLogsRegion', {
      expression: Fn.conditionEquals(Aws.REGION, CLOUDFRONT_LOGS_REGION),
    });
    // what the log delivery service may write: its own key prefix, for this account's delivery sources
    props.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontStandardLogsV2',
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [props.bucket.arnForObjects(`AWSLogs/${stack.account}/*`)],
        conditions: {
          StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'logs',
              resource: 'delivery-source',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    const destination = new CfnDeliveryDestination(this, 'Destination', {
      name: `${props.stage.namePrefix}-cloudfront-logs`,
      deliveryDestinationType: 'S3',
      destinationResourceArn: props.bucket.bucketArn,
    });
    destination.cfnOptions.condition = this.inLogsRegion;
    for (const [name, distribution] of Object.entries(props.distributions)) {
      const source = new CfnDeliverySource(this, `Source-${name}`, {
        name: `${props.stage.namePrefix}-${name}-cloudfront`,
        logType: 'ACCESS_LOGS',
        resourceArn: distribution.distributionArn,
      });
      source.cfnOptions.condition = this.inLogsRegion;
      const delivery = new CfnDelivery(this, `Delivery-${name}`, {
        deliverySourceName: source.ref,
        deliveryDestinationArn: destination.attrArn,
      });
      delivery.cfnOptions.condition = this.inLogsRegion;
      this.sources.push(source);
    }
  }
}
