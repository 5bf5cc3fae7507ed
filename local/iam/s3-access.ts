import { type ParsedRequest, S3Refusal } from '../emulators/s3-gate.ts';
import type { LocalIam, RequestContext } from './policy.ts';

/**
 * The IAM actions and resources of an S3 request, as S3 authorizes them (the REST operation's action on
 * the object `arn:aws:s3:::<bucket>/<key>` or the bucket `arn:aws:s3:::<bucket>`). A presigned request is
 * the signer's: the key in its credential is checked, so a URL presigned by a function without a write
 * grant cannot upload. A listing carries its `prefix` as the `s3:prefix` condition key, and a GET or HEAD
 * of a key with no object answers 403 instead of 404 to a caller who may not list that key (S3 does not tell
 * who cannot list whether a key exists): the grants' `s3:ListBucket` on the function's own prefixes keeps
 * "not there yet" a 404 for the handlers.
 */

export interface S3Check {
  action: string;
  resource: string;
  /** condition keys of the request */
  context?: RequestContext;
}

export interface S3Request {
  method: string;
  bucket: string;
  /** the object key, decoded; empty for a bucket request */
  key: string;
  rawQuery: string;
  /** `x-amz-copy-source` of a copy */
  copySource?: string;
  /** a POST upload's key (from its form) */
  postKey?: string;
}

const has = (rawQuery: string, name: string) => new RegExp(`(^|&)${name}(=|&|$)`).test(rawQuery);
/** A query parameter's decoded value (`+` is a space in a query), or undefined when it is not there. */
function queryValue(rawQuery: string, name: string): string | undefined {
  for (const pair of rawQuery.split('&')) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    if (key === name) return decodeURIComponent((at < 0 ? '' : pair.slice(at + 1)).replace(/\+/g, ' '));
  }
  return undefined;
}
const objectArn = (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`;
const bucketArn = (bucket: string) => `arn:aws:s3:::${bucket}`;

/** `/bucket/key` (URI-encoded, maybe with `?versionId=`) → the source object's ARN. */
function copySourceArn(copySource: string): string {
  const path = decodeURIComponent(copySource.split('?')[0]!).replace(/^\//, '');
  return `arn:aws:s3:::${path}`;
}

export function s3Checks(request: S3Request): S3Check[] {
  const { method, bucket, key, rawQuery } = request;
  if (method === 'OPTIONS' || !bucket) return [];
  const object = objectArn(bucket, key);
  if (!key) {
    if (method === 'POST' && has(rawQuery, 'delete'))
      // DeleteObjects needs s3:DeleteObject on each key of its body; checked here on the bucket's objects
      return [{ action: 's3:DeleteObject', resource: objectArn(bucket, '*') }];
    if (method === 'POST')
      return [{ action: 's3:PutObject', resource: objectArn(bucket, request.postKey ?? '') }];
    if (method === 'GET' || method === 'HEAD') {
      if (has(rawQuery, 'uploads'))
        return [{ action: 's3:ListBucketMultipartUploads', resource: bucketArn(bucket) }];
      if (has(rawQuery, 'versions'))
        return [{ action: 's3:ListBucketVersions', resource: bucketArn(bucket) }];
      if (has(rawQuery, 'location')) return [{ action: 's3:GetBucketLocation', resource: bucketArn(bucket) }];
      if (has(rawQuery, 'cors')) return [{ action: 's3:GetBucketCORS', resource: bucketArn(bucket) }];
      const prefix = queryValue(rawQuery, 'prefix');
      return [
        {
          action: 's3:ListBucket',
          resource: bucketArn(bucket),
          ...(prefix !== undefined ? { context: { 's3:prefix': prefix } } : {}),
        },
      ];
    }
    if (method === 'PUT')
      return [
        {
          action: has(rawQuery, 'cors') ? 's3:PutBucketCORS' : 's3:CreateBucket',
          resource: bucketArn(bucket),
        },
      ];
    return [{ action: 's3:DeleteBucket', resource: bucketArn(bucket) }];
  }
  if (method === 'GET' || method === 'HEAD') {
    if (has(rawQuery, 'tagging')) return [{ action: 's3:GetObjectTagging', resource: object }];
    if (has(rawQuery, 'uploadId')) return [{ action: 's3:ListMultipartUploadParts', resource: object }];
    return [{ action: 's3:GetObject', resource: object }];
  }
  if (method === 'PUT') {
    if (has(rawQuery, 'tagging')) return [{ action: 's3:PutObjectTagging', resource: object }];
    const checks = [{ action: 's3:PutObject', resource: object }];
    if (request.copySource)
      checks.push({ action: 's3:GetObject', resource: copySourceArn(request.copySource) });
    return checks;
  }
  if (method === 'DELETE') {
    if (has(rawQuery, 'uploadId')) return [{ action: 's3:AbortMultipartUpload', resource: object }];
    if (has(rawQuery, 'tagging')) return [{ action: 's3:DeleteObjectTagging', resource: object }];
    return [{ action: 's3:DeleteObject', resource: object }];
  }
  // POST on an object: CreateMultipartUpload (?uploads) and CompleteMultipartUpload (?uploadId)
  return [{ action: 's3:PutObject', resource: object }];
}

/**
 * The S3 gate's authorization (local/emulators/s3-gate.ts `authorize`): every check of the request against
 * its signer's policy, refused as S3 refuses: 403 `AccessDenied` with IAM's message.
 */
export function s3Authorizer(iam: LocalIam) {
  return (
    request: ParsedRequest,
    caller: { accessKeyId: string; postKey?: string },
  ): undefined | { whenMissing: () => void } => {
    const copySource = request.headers['x-amz-copy-source'];
    const checks = s3Checks({
      method: request.method,
      bucket: request.bucket,
      key: request.key,
      rawQuery: request.rawQuery,
      ...(typeof copySource === 'string' ? { copySource } : {}),
      ...(caller.postKey !== undefined ? { postKey: caller.postKey } : {}),
    });
    for (const check of checks) {
      const decision = iam.authorize(caller.accessKeyId, check.action, check.resource, check.context);
      if (!decision.allowed) throw new S3Refusal(403, 'AccessDenied', decision.message);
    }
    const readsObject =
      (request.method === 'GET' || request.method === 'HEAD') &&
      request.key !== '' &&
      checks.length === 1 &&
      checks[0]!.action === 's3:GetObject';
    if (!readsObject) return undefined;
    return {
      // asked only when the key has no object: S3 then checks s3:ListBucket with the key as the prefix
      whenMissing: () => {
        const decision = iam.authorize(caller.accessKeyId, 's3:ListBucket', bucketArn(request.bucket), {
          's3:prefix': request.key,
        });
        if (!decision.allowed) throw new S3Refusal(403, 'AccessDenied', decision.message);
      },
    };
  };
}
