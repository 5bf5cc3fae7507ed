import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SECRETS, secretName } from '../contracts/function-access.ts';
import { manifest, routes } from '../contracts/manifest.ts';
import { requiresToken } from '../contracts/route.ts';
import { ORIGIN_VERIFY_HEADER } from '../functions/platform/origin-verify.ts';
import { stageConfig } from './lib/stage-config.ts';
import {
  EDGE_OUTPUTS,
  EDGE_REGION,
  pathPrefixOf,
  publicPathPrefixes,
  RATE_WINDOW_SECONDS,
  WEB_ACL_RULES,
} from './lib/web-acl.ts';
import { type SynthesizedStage, synthesizedStage } from './support/stacks.ts';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is walked by key, checked by the assertions
type Json = Record<string, any>;

/**
 * Abuse at the edge and at the API's door (issue 20): the WAF web ACLs of both distributions (prod on, dev
 * off), the origin-verify header CloudFront sends the API and the secret it comes from, and the API's
 * execute-api endpoint disabled where the stage gives the API a domain of its own.
 */

const PROD = {
  appDomain: 'app.estatenet.example',
  appCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/app',
  sitesDomain: 'sites.estatenet.example',
  sitesCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/sites',
  apiOriginDomain: 'api-origin.estatenet.example',
  apiOriginCertificateArn: 'arn:aws:acm:eu-west-1:111111111111:certificate/api',
};

const distributionConfig = (synthesized: SynthesizedStage, which: 'hosting' | 'sites') =>
  (synthesized.template.toJSON().Resources as Record<string, Json>)[
    synthesized.stack.getLogicalId(
      (which === 'hosting' ? synthesized.stack.hosting : synthesized.stack.sites).distribution.node
        .defaultChild as never,
    )
  ]!.Properties.DistributionConfig as Json;

/** The API's origin in a distribution: the custom origin named by the behaviour of `pathPattern`. */
function apiOriginOf(config: Json, pathPattern: string): Json {
  const behaviour = (config.CacheBehaviors as Json[]).find((b) => b.PathPattern === pathPattern)!;
  return (config.Origins as Json[]).find((origin) => origin.Id === behaviour.TargetOriginId)!;
}

const webAcls = (synthesized: SynthesizedStage) =>
  Object.values(
    Template.fromStack(synthesized.edge!).findResources('AWS::WAFv2::WebACL') as Record<string, Json>,
  );

describe('WAF web ACLs', () => {
  it('are a stage setting: on in prod and staging, off in dev, and -c webAcl switches them', () => {
    expect(stageConfig('prod').webAcl).toBe(true);
    expect(stageConfig('staging').webAcl).toBe(true);
    expect(stageConfig('dev').webAcl).toBe(false);
    expect(stageConfig('prod', { webAcl: 'false' }).webAcl).toBe(false);
    expect(stageConfig('dev', { webAcl: 'true' }).webAcl).toBe(true);
    expect(() => stageConfig('prod', { webAcl: 'yes' })).toThrow(/must be true or false/);
  });

  it('are made in us-east-1, in a stack of their own, whatever the stage’s Region', () => {
    const prod = synthesizedStage('prod', PROD);
    expect(prod.edge).toBeDefined();
    expect(prod.edge!.region).toBe(EDGE_REGION);
    // the platform stack stays environment-agnostic, and deploys after the edge stack
    expect(prod.stack.resolve(prod.stack.region)).toEqual({ Ref: 'AWS::Region' });
    expect(prod.stack.dependencies).toContain(prod.edge);
    const acls = webAcls(prod);
    expect(acls.map((acl) => acl.Properties.Scope)).toEqual(['CLOUDFRONT', 'CLOUDFRONT']);
    expect(acls.map((acl) => acl.Properties.Name).sort()).toEqual([
      'estatenet-prod-app',
      'estatenet-prod-sites',
    ]);
    for (const acl of acls) {
      // CloudFormation's pattern for a web ACL's description (the synth's template validation)
      expect(acl.Properties.Description).toMatch(
        /^[a-zA-Z0-9=:#@/\-,.][a-zA-Z0-9+=:#@/\-,.\s]+[a-zA-Z0-9+=:#@/\-,.]{1,256}$/,
      );
    }
  });

  it.each(['app', 'sites'] as const)(
    'counts the %s distribution’s requests per viewer address with rate-based rules, answering 429 with Retry-After',
    (which) => {
      const prod = synthesizedStage('prod', PROD);
      const acl = webAcls(prod).find((candidate) => candidate.Properties.Name === `estatenet-prod-${which}`)!;
      const rules = acl.Properties.Rules as Json[];
      expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
      for (const expected of WEB_ACL_RULES[which]) {
        const rule = rules.find((candidate) => candidate.Name === expected.name)!;
        expect(rule, expected.name).toBeDefined();
        expect(rule.Statement.RateBasedStatement).toMatchObject({
          Limit: expected.limit,
          AggregateKeyType: 'IP',
          EvaluationWindowSec: RATE_WINDOW_SECONDS,
        });
        expect(rule.Action.Block.CustomResponse).toMatchObject({
          ResponseCode: 429,
          ResponseHeaders: [{ Name: 'retry-after', Value: String(RATE_WINDOW_SECONDS) }],
        });
        const scope = JSON.stringify(rule.Statement.RateBasedStatement.ScopeDownStatement ?? {});
        for (const prefix of expected.pathPrefixes ?? [])
          expect(scope).toContain(`"SearchString":"${prefix}"`);
        if (expected.method) expect(scope).toContain(`"SearchString":"${expected.method}"`);
      }
      // the contact form is limited per address on both distributions (the app's origin routes /api/* too)
      expect(rules.map((rule) => rule.Name)).toContain('LeadFormPerAddress');
    },
  );

  it('limits every public route a person opens per address on the app, and the billing webhook only overall', () => {
    const prefixes = publicPathPrefixes();
    for (const route of manifest.filter((candidate) => !requiresToken(candidate))) {
      const prefix = pathPrefixOf(route);
      if (route.id === 'receiveBillingWebhook' || route.id === 'createWebsiteLead') {
        expect(prefixes, route.id).not.toContain(prefix);
      } else {
        expect(prefixes, route.id).toContain(prefix);
      }
    }
  });

  it('is associated with both distributions in prod, read across Regions without an export', () => {
    const prod = synthesizedStage('prod', PROD);
    const edge = Template.fromStack(prod.edge!);
    for (const [which, output, acl] of [
      ['hosting', EDGE_OUTPUTS.app, prod.edge!.appAcl],
      ['sites', EDGE_OUTPUTS.sites, prod.edge!.sitesAcl],
    ] as const) {
      const webAclId = distributionConfig(prod, which).WebACLId as Json;
      expect(webAclId['Fn::GetStackOutput'], which).toEqual({
        StackName: 'EstateNet-prod-edge',
        OutputName: output,
        Region: EDGE_REGION,
      });
      edge.hasOutput(output, { Value: { 'Fn::GetAtt': [prod.edge!.getLogicalId(acl), 'Arn'] } });
    }
    expect(JSON.stringify(prod.template.toJSON())).not.toMatch(/ExportsReader|Fn::ImportValue/);
    expect(prod.nag.errors).toEqual([]);
  });

  it('is not made in dev, whose distributions have none', () => {
    const dev = synthesizedStage('dev');
    expect(dev.edge).toBeUndefined();
    expect(distributionConfig(dev, 'hosting').WebACLId).toBeUndefined();
    expect(distributionConfig(dev, 'sites').WebACLId).toBeUndefined();
  });
});

describe('origin verify', () => {
  it.each(['dev', 'prod'] as const)(
    'has both %s distributions send the API the origin-verify secret, by a dynamic reference (never its value)',
    (stage) => {
      const synthesized = stage === 'prod' ? synthesizedStage('prod', PROD) : synthesizedStage('dev');
      const secretId = synthesized.stack.getLogicalId(
        synthesized.stack.data.secrets.originVerify.node.defaultChild as never,
      );
      for (const [which, pathPattern] of [
        ['hosting', '/api/*'],
        ['sites', '/api/website-leads/*'],
      ] as const) {
        const origin = apiOriginOf(distributionConfig(synthesized, which), pathPattern);
        const header = (origin.OriginCustomHeaders as Json[]).find(
          (candidate) => candidate.HeaderName === ORIGIN_VERIFY_HEADER,
        )!;
        expect(header, which).toBeDefined();
        const value = JSON.stringify(header.HeaderValue);
        expect(value).toContain('{{resolve:secretsmanager:');
        expect(value).toContain(secretId);
      }
      const secret = (synthesized.template.toJSON().Resources as Record<string, Json>)[secretId]!;
      expect(secret.Properties).toMatchObject({
        Name: secretName(`estatenet-${stage}`, 'originVerify'),
        GenerateSecretString: { PasswordLength: 48 },
      });
    },
  );

  it('gives the contact form’s function the secret’s ARN and the right to read it, and no function its value', () => {
    const dev = synthesizedStage('dev');
    const leadFunction = dev.stack.routes.functions.get(routes.createWebsiteLead.id)!;
    const template = dev.templateOf(leadFunction.fn.stack);
    const fn =
      template.toJSON().Resources[
        leadFunction.fn.stack.getLogicalId(leadFunction.fn.node.defaultChild as never)
      ];
    const variables = fn.Properties.Environment.Variables as Json;
    expect(Object.keys(variables)).toContain(SECRETS.originVerify.variable);
    expect(JSON.stringify(variables)).not.toContain('resolve:secretsmanager');
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('secretsmanager:GetSecretValue');
    // only the contact form reads the viewer's address
    for (const [id, other] of dev.stack.routes.functions) {
      if (id === routes.createWebsiteLead.id) continue;
      const otherTemplate = dev.templateOf(other.fn.stack).toJSON();
      const resource =
        otherTemplate.Resources[other.fn.stack.getLogicalId(other.fn.node.defaultChild as never)];
      expect(Object.keys(resource.Properties.Environment?.Variables ?? {}), id).not.toContain(
        SECRETS.originVerify.variable,
      );
    }
  });
});

describe('the execute-api endpoint', () => {
  it('is disabled where the stage gives the API its own domain: the distributions reach it there', () => {
    const prod = synthesizedStage('prod', PROD);
    prod.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    prod.template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: PROD.apiOriginDomain,
      DomainNameConfigurations: [
        { CertificateArn: PROD.apiOriginCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' },
      ],
    });
    prod.template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    expect(apiOriginOf(distributionConfig(prod, 'hosting'), '/api/*').DomainName).toBe(PROD.apiOriginDomain);
    expect(apiOriginOf(distributionConfig(prod, 'sites'), '/api/website-leads/*').DomainName).toBe(
      PROD.apiOriginDomain,
    );
    prod.template.hasOutput('ApiUrl', { Value: `https://${PROD.apiOriginDomain}` });
    prod.template.hasOutput('ApiOriginDnsTarget', {});
  });

  it('stays on in a stage without an API domain (dev): the origin-verify secret decides what is trusted', () => {
    const dev = synthesizedStage('dev');
    const api = Object.values(
      dev.template.findResources('AWS::ApiGatewayV2::Api') as Record<string, Json>,
    )[0]!;
    expect(api.Properties.DisableExecuteApiEndpoint ?? false).toBe(false);
    dev.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    expect(JSON.stringify(apiOriginOf(distributionConfig(dev, 'hosting'), '/api/*').DomainName)).toContain(
      'execute-api',
    );
  });

  it('takes the API domain and its certificate together', () => {
    expect(() => stageConfig('prod', { apiOriginDomain: 'api-origin.example.com' })).toThrow(/together/);
  });
});
