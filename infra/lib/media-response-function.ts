import { INLINE_USER_FILE_TYPES } from '../../contracts/response-headers.ts';

/**
 * Source of the CloudFront Function (cloudfront-js-2.0) on the viewer responses of the `/media/*`
 * behaviours (app and sites distributions): public media are pictures checked by their magic number when
 * stored, and whatever else may ever sit under `media/` is sent as an attachment — only the types of
 * contracts/response-headers.ts's INLINE_USER_FILE_TYPES are shown in place (the local media proxy applies
 * the same rule, `mediaResponseHeaders`). `nosniff` comes with the behaviour's response headers policy.
 */
export function mediaResponseFunctionSource(): string {
  return `var INLINE = ${JSON.stringify([...INLINE_USER_FILE_TYPES])};

function handler(event) {
  var response = event.response;
  var header = response.headers['content-type'];
  var type = header ? header.value.split(';')[0].trim().toLowerCase() : '';
  if (INLINE.indexOf(type) === -1) response.headers['content-disposition'] = { value: 'attachment' };
  return response;
}
`;
}
