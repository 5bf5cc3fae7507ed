import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_PREVIEW_CSP } from '../contracts/response-headers.ts';
import { MEDIA_PREFIX } from './lib/app-hosting.ts';
import { mediaResponseFunctionSource } from './lib/media-response-function.ts';
import type { PlatformStack } from './lib/platform-stack.ts';
import { SITE_PREVIEW_PREFIX } from './lib/site-router-function.ts';
import { synthesizedStage } from './support/stacks.ts';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is walked by key, checked by the assertions
type Json = Record<string, any>;

/**
 * User files and previews in the template (issue 20, "Content"): both distributions' `/media/*` answers go
 * through the viewer-response function that sends anything but a picture (or another type a browser runs
 * nothing of) as an attachment, with the behaviour's nosniff; previews on the app origin take no forms.
 */
let stack: PlatformStack;
let resources: Record<string, Json>;

beforeAll(() => {
  const dev = synthesizedStage('dev');
  stack = dev.stack;
  resources = dev.template.toJSON().Resources as Record<string, Json>;
});

const idOf = (target: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(target.node.defaultChild as never);
const behaviourOf = (distribution: { node: { defaultChild?: unknown } }, pattern: string) =>
  (resources[idOf(distribution)]!.Properties.DistributionConfig.CacheBehaviors as Json[]).find(
    (behaviour) => behaviour.PathPattern === pattern,
  )!;

/** Runs the function's code on a viewer response of this Content-Type. */
function mediaAnswer(contentType: string | undefined): Json {
  const handler = new Function(`${mediaResponseFunctionSource()}\nreturn handler;`)() as (
    event: Json,
  ) => Json;
  return handler({
    response: {
      statusCode: 200,
      headers: contentType ? { 'content-type': { value: contentType } } : {},
    },
  });
}

describe('user files on the distributions', () => {
  it('passes every /media/* answer of both distributions through the media response function, with nosniff', () => {
    for (const [hosting, headers] of [
      [stack.hosting, stack.hosting.responseHeaders],
      [stack.sites, stack.sites.responseHeaders],
    ] as const) {
      const media = behaviourOf(hosting.distribution, `/${MEDIA_PREFIX}*`);
      expect(media.FunctionAssociations).toEqual([
        {
          EventType: 'viewer-response',
          FunctionARN: { 'Fn::GetAtt': [idOf(hosting.mediaResponse), 'FunctionARN'] },
        },
      ]);
      expect(resources[idOf(hosting.mediaResponse)]!.Properties).toMatchObject({
        AutoPublish: true,
        FunctionCode: mediaResponseFunctionSource(),
        FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
      });
      expect(media.ResponseHeadersPolicyId).toEqual({ Ref: idOf(headers) });
      expect(
        resources[idOf(headers)]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig
          .ContentTypeOptions,
      ).toEqual({ Override: true });
    }
  });

  it('sends pictures in place and anything else under /media/ as an attachment', () => {
    expect(mediaAnswer('image/jpeg').headers['content-disposition']).toBeUndefined();
    expect(mediaAnswer('image/webp; charset=binary').headers['content-disposition']).toBeUndefined();
    for (const type of [
      'text/html',
      'text/html; charset=utf-8',
      'image/svg+xml',
      'application/xml',
      undefined,
    ])
      expect(mediaAnswer(type).headers['content-disposition'], String(type)).toEqual({ value: 'attachment' });
  });

  it('previews published pages on the app origin with a sandbox that takes no forms', () => {
    const preview = behaviourOf(stack.hosting.distribution, `${SITE_PREVIEW_PREFIX}*`);
    const policy = resources[preview.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
    const csp = policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy as string;
    expect(csp).toBe(SITE_PREVIEW_CSP);
    expect(csp.split('; ')[0]).toBe('sandbox allow-popups');
  });
});
