import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { senderAddress } from '#functions/website-leads/website-leads';
import { isFromCloudFront, ORIGIN_VERIFY_HEADER, verifyOrigin } from './origin-verify.ts';

const SECRET = 'the-stack-generated-origin-secret';

function event(headers: Record<string, string>, sourceIp = '198.51.100.7'): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/website-leads/{id}',
    rawPath: '/api/website-leads/w-1',
    rawQueryString: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    isBase64Encoded: false,
    requestContext: { http: { sourceIp } } as APIGatewayProxyEventV2['requestContext'],
  };
}

describe('origin verify', () => {
  it('trusts CloudFront’s viewer address on a request carrying the secret, and hides the secret', () => {
    const request = event({
      [ORIGIN_VERIFY_HEADER]: SECRET,
      'cloudfront-viewer-address': '203.0.113.9:51234',
      'cloudfront-viewer-country': 'PT',
    });

    expect(verifyOrigin(request, SECRET)).toBe(true);
    expect(isFromCloudFront(request)).toBe(true);
    expect(request.headers[ORIGIN_VERIFY_HEADER]).toBeUndefined();
    expect(request.headers['cloudfront-viewer-country']).toBe('PT');
    expect(senderAddress(request)).toBe('203.0.113.9');
  });

  it('treats a request without the secret as not from CloudFront: its CloudFront headers are dropped, its source address counts', () => {
    for (const headers of [
      { 'cloudfront-viewer-address': '203.0.113.9:51234' },
      { [ORIGIN_VERIFY_HEADER]: 'a-guess', 'cloudfront-viewer-address': '203.0.113.9:51234' },
      { [ORIGIN_VERIFY_HEADER]: `${SECRET}x`, 'cloudfront-viewer-address': '203.0.113.9:51234' },
      // a forged Via no longer switches the per-address limit off
      { via: '1.1 abc.cloudfront.net (CloudFront)' },
    ] as Array<Record<string, string>>) {
      const request = event(headers);

      expect(verifyOrigin(request, SECRET), JSON.stringify(headers)).toBe(false);
      expect(isFromCloudFront(request)).toBe(false);
      expect(request.headers['cloudfront-viewer-address']).toBeUndefined();
      expect(request.headers[ORIGIN_VERIFY_HEADER]).toBeUndefined();
      expect(senderAddress(request)).toBe('198.51.100.7');
    }
  });

  it('trusts nothing when the function was given no secret', () => {
    const request = event({ [ORIGIN_VERIFY_HEADER]: '', 'cloudfront-viewer-address': '203.0.113.9:1' });

    expect(verifyOrigin(request, undefined)).toBe(false);
    expect(senderAddress(request)).toBe('198.51.100.7');
  });

  it('skips the per-address limit through CloudFront without a viewer address (an edge server’s address)', () => {
    const request = event({ [ORIGIN_VERIFY_HEADER]: SECRET }, '130.176.1.1');

    expect(verifyOrigin(request, SECRET)).toBe(true);
    expect(senderAddress(request)).toBeUndefined();
  });
});
