import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
 * depth, and DynamoDB throttling.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
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
    this.topic = new Topic(this, 'AlarmTopic', {
      topicName: `${stage.namePrefix}-alarms`,
      displayName: `EstateNet ${stage.stage} alarms`,
      enforceSSL: true,
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
