import { type ParsedRequest, S3Refusal } from '../emulators/s3-gate.ts';
import type { LocalIam } from './policy.ts';

/**
 * The IAM actions and resources of an S3 request, as S3 authorizes them (the REST operation's action on
 * the object `arn:aws:s3:::<bucket>/<key>` or the bucket `arn:aws:s3:::<bucket>`). A presigned request is
 * the signer's: the key in its credential is checked, so a URL presigned by a function without a write
 * grant cannot upload.
 */

export interface S3Check {
  action: string;
  resource: string;
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
      return [{ action: 's3:ListBucket', resource: bucketArn(bucket) }];
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
  return (request: ParsedRequest, caller: { accessKeyId: string; postKey?: string }): void => {
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
      const decision = iam.authorize(caller.accessKeyId, check.action, check.resource);
      if (!decision.allowed) throw new S3Refusal(403, 'AccessDenied', decision.message);
    }
  };
}
