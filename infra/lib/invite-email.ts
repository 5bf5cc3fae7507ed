import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { StageConfig } from './stage-config.ts';

/**
 * The SES sender of invitation emails for a stage: a verified identity (the app's domain when the sender
 * is on it, so DKIM covers every address there; otherwise the one address, which SES verifies by mail)
 * with a configuration set as its default (reputation metrics, bounces and complaints suppressed).
 */
export class InviteEmail extends Construct {
  readonly fromAddress: string;
  /** what SES verifies: the app's domain when the sender is on it, else the address itself */
  readonly identityName: string;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly configurationSetArn: string;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; fromAddress: string }) {
    super(scope, id);
    const { stage, fromAddress } = props;
    this.fromAddress = fromAddress;
    const domain = fromAddress.split('@')[1];
    const configurationSetName = `${stage.namePrefix}-invites`;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    const onAppDomain = Boolean(stage.appDomain) && domain === stage.appDomain;
    this.identityName = onAppDomain ? domain! : fromAddress;
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: onAppDomain ? Identity.domain(domain!) : Identity.email(fromAddress),
      configurationSet: this.configurationSet,
    });
    this.configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: configurationSetName,
    });
  }

  /** SendEmail from this identity through its configuration set (SES authorizes both resources). */
  sendEmailStatement(): PolicyStatement {
    return new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [this.identity.emailIdentityArn, this.configurationSetArn],
    });
  }
}
