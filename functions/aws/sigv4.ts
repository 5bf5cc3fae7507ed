import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { Checksum, SourceData } from '@smithy/types';

/**
 * SHA-256 (and HMAC-SHA-256 with a secret) from node:crypto, in the shape the SDK's SigV4 signer expects:
 * for the local cloud's own signed requests (local/origin-access.ts, CloudFront's OAC stand-in) and the
 * tests' hand-signed ones. The product's AWS calls are signed by the SDK's clients.
 */
export class NodeSha256 implements Checksum {
  #secret?: SourceData;
  #hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.#secret = secret;
    this.#hash = NodeSha256.#create(secret);
  }
  static #create(secret?: SourceData) {
    return secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: Uint8Array): void {
    this.#hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.#hash.digest());
  }
  reset(): void {
    this.#hash = NodeSha256.#create(this.#secret);
  }
}

const toBuffer = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** An object key as a URL path: each segment in AWS's URI encoding (RFC 3986: `!'()*` too), as S3 computes the canonical URI. */
export const encodeKeyPath = (key: string) =>
  key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
