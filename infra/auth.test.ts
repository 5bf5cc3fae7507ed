import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from '../contracts/environment.ts';
import { ACCESS_TOKEN_MINUTES, SESSION_DAYS } from '../contracts/session-lifetimes.ts';
import { stageConfig } from './lib/stage-config.ts';
import { synthesizedStage } from './support/stacks.ts';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is walked by key, checked by the assertions
type Json = Record<string, any>;

/**
 * The user pool's sessions and email (issue 20): two web clients that differ in their refresh tokens
 * (contracts/session-lifetimes.ts), the API taking the access tokens of both, and the pool's emails sent
 * through the stage's SES sender, or by Cognito itself where the stage has none.
 */

const PROD = {
  appDomain: 'app.estatenet.example',
  appCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/app',
  googleClientId: 'estatenet.apps.googleusercontent.com',
};

const clientsOf = (template: ReturnType<typeof synthesizedStage>['template']) =>
  Object.entries(template.findResources('AWS::Cognito::UserPoolClient')) as [string, Json][];

describe('session lifetimes', () => {
  it('has a session client and a "Keep me signed in" client, alike but for their refresh tokens', () => {
    const { stack, template } = synthesizedStage('prod', PROD);
    const clients = clientsOf(template);
    expect(clients).toHaveLength(2);
    const byId = new Map(clients);
    const session = byId.get(stack.getLogicalId(stack.auth.client.node.defaultChild as never))!;
    const kept = byId.get(stack.getLogicalId(stack.auth.keepSignedInClient.node.defaultChild as never))!;

    for (const client of [session, kept]) {
      expect(client.Properties).toMatchObject({
        AccessTokenValidity: ACCESS_TOKEN_MINUTES,
        IdTokenValidity: ACCESS_TOKEN_MINUTES,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
        EnableTokenRevocation: true,
        GenerateSecret: false,
        SupportedIdentityProviders: ['COGNITO', 'Google'],
      });
      expect(client.Properties.CallbackURLs).toContain(
        'https://app.estatenet.example/authentication/callback',
      );
    }
    expect(session.Properties.RefreshTokenValidity).toBe(SESSION_DAYS.session * 24 * 60);
    expect(kept.Properties.RefreshTokenValidity).toBe(SESSION_DAYS.kept * 24 * 60);
    // everything else is the same
    const { RefreshTokenValidity: _session, ...sessionRest } = session.Properties;
    const { RefreshTokenValidity: _kept, ...keptRest } = kept.Properties;
    expect(keptRest).toEqual(sessionRest);
  });

  it('tells the app both clients, and lets the API take the access tokens of both', () => {
    const { stack, templateOf } = synthesizedStage('prod', PROD);
    const ref = (client: { node: { defaultChild?: unknown } }) => ({
      Ref: stack.getLogicalId(client.node.defaultChild as never),
    });
    expect(stack.resolve(stack.appConfig.userPoolClientId)).toEqual(ref(stack.auth.client));
    expect(stack.resolve(stack.appConfig.keepSignedInClientId)).toEqual(ref(stack.auth.keepSignedInClient));

    expect(stack.resolve(stack.auth.apiClientIds)).toEqual({
      'Fn::Join': ['', [ref(stack.auth.client), ',', ref(stack.auth.keepSignedInClient)]],
    });
    // every function that verifies tokens (the routes, in nested stacks) is given both, comma-separated
    const given = [...stack.routes.stacks.values()].flatMap((nested) =>
      Object.values(templateOf(nested).findResources('AWS::Lambda::Function')).flatMap(
        (fn: Json) => fn.Properties.Environment?.Variables?.[ENV_NAMES.userPoolClient] ?? [],
      ),
    );
    expect(given.length).toBeGreaterThan(10);
    for (const value of given) {
      expect(value['Fn::Join'][1]).toHaveLength(3);
      expect(value['Fn::Join'][1][1]).toBe(',');
      expect(JSON.stringify(value)).toMatch(/WebClient.*KeepSignedInClient/);
    }
  });
});

describe('the pool’s emails', () => {
  it('go through the stage’s SES sender (its invitations’ one) where there is one', () => {
    const { stack, template } = synthesizedStage('prod', PROD);
    const sender = stack.inviteEmail!;
    expect(sender.fromAddress).toBe('invites@app.estatenet.example');
    const [[poolId, pool]] = Object.entries(template.findResources('AWS::Cognito::UserPool')) as [
      [string, Json],
    ];
    expect(pool.Properties.EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: 'EstateNet <invites@app.estatenet.example>',
      // the identity SES verified: the app's domain
      SourceArn: {
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':ses:',
            { Ref: 'AWS::Region' },
            ':',
            { Ref: 'AWS::AccountId' },
            ':identity/app.estatenet.example',
          ],
        ],
      },
      ConfigurationSet: { Ref: stack.getLogicalId(sender.configurationSet.node.defaultChild as never) },
    });
    // Cognito checks the identity when it creates or updates the pool: the identity comes first
    expect(pool.DependsOn).toContain(stack.getLogicalId(sender.identity.node.defaultChild as never));
    expect(poolId).toBe(stack.getLogicalId(stack.auth.userPool.node.defaultChild as never));
  });

  it('use a sender that is not on the app domain by its address', () => {
    const { template } = synthesizedStage('staging', { inviteFromEmail: 'team@example.com' });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'EstateNet <team@example.com>',
        SourceArn: { 'Fn::Join': ['', Match.arrayWith([':identity/team@example.com'])] },
      },
    });
  });

  it('are Cognito’s own in a stage without a sender (dev)', () => {
    expect(stageConfig('dev').inviteFromEmail).toBeUndefined();
    const { stack, template } = synthesizedStage('dev');
    expect(stack.inviteEmail).toBeUndefined();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
  });

  it('stay Cognito’s own while the sender awaits verification (-c senderPending=true), with a warning', () => {
    const { stack, template } = synthesizedStage('prod', { ...PROD, senderPending: 'true' });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    // the identity is still made (its verification starts)
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    const warnings = Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('senderPending'));
    expect(warnings).toHaveLength(1);
    expect(() => stageConfig('prod', { senderPending: 'yes' })).toThrow(/must be true or false/);
  });
});
