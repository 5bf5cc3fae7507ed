import type { IncomingMessage } from 'node:http';
import { ORIGIN_VERIFY_HEADER } from '#platform/origin-verify';

/**
 * What CloudFront adds to a request it sends the API (infra/lib/api-origin.ts), done by the local front door
 * to the requests it hands the local API Gateway: the origin-verify secret as an origin custom header, and
 * the viewer's address and port (`CloudFront-Viewer-Address`, which the leads behaviour forwards). CloudFront
 * overwrites a viewer's header of the same name, and the viewer cannot set CloudFront's own headers, so
 * whatever the caller sent under these names is replaced.
 */
export function asCloudFrontOriginRequest(request: IncomingMessage, originSecret: string): void {
  const { remoteAddress, remotePort } = request.socket;
  for (const name of Object.keys(request.headers)) {
    if (name.startsWith('cloudfront-')) delete request.headers[name];
  }
  request.headers[ORIGIN_VERIFY_HEADER] = originSecret;
  if (remoteAddress) {
    // IPv4 as `a.b.c.d:port`; Node writes an IPv4 peer of a dual-stack socket as ::ffff:a.b.c.d
    const address = remoteAddress.replace(/^::ffff:(?=\d+\.)/, '');
    request.headers['cloudfront-viewer-address'] = `${address}:${remotePort ?? 0}`;
  }
}
