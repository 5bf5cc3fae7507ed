import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Checksum, SourceData } from '@smithy/types';
import { config } from './config.ts';
import { signedFetch } from './signed-fetch.ts';

/**
 * Email through SES v2 `SendEmail` (POST /v2/email/outbound-emails), signed with the SDK's own SigV4
 * signer like `#lib/s3` (docs/decisions.md, "Lambda bundle budget"): `@aws-sdk/client-sesv2` alone adds
 * ~90 KB to a handler (its schema module is not tree-shaken), which takes the invite handler past the
 * 350 KB budget. The request is the one the SDK sends (tests compare both against a capturing server).
 */

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** SES refused or failed to take the message (never shown to a caller). */
export class EmailError extends Error {
  override name = 'EmailError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** SHA-256 (and HMAC-SHA-256 with a secret) from node:crypto, in the shape the signer expects. */
class NodeSha256 implements Checksum {
  #secret?: SourceData;
  #hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.#secret = secret;
    this.#hash = NodeSha256.#create(secret);
  }
  static #create(secret?: SourceData) {
    return secret === undefined
      ? createHash('sha256')
      : createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret as Uint8Array));
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

let signer: SignatureV4 | undefined;

const endpoint = () =>
  new URL(
    '/v2/email/outbound-emails',
    config.endpoints.ses ?? `https://email.${config.region}.amazonaws.com`,
  );

/** Whether this deployment sends email at all (a sender identity is configured). */
export const emailConfigured = () => config.email.from !== undefined;

/** The SES v2 SendEmail body of a simple message. */
export function sendEmailBody(email: Email, from: string) {
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [email.to] },
    Content: {
      Simple: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: email.text, Charset: 'UTF-8' },
          Html: { Data: email.html, Charset: 'UTF-8' },
        },
      },
    },
  };
}

/** Sends one email from the configured sender; answers SES's message id. Retries 5xx and network errors. */
export async function sendEmail(email: Email): Promise<string> {
  const from = config.email.from;
  if (!from) throw new EmailError(0, 'no email sender is configured');
  signer ??= new SignatureV4({
    credentials: fromEnv(),
    region: config.region,
    service: 'ses',
    sha256: NodeSha256,
  });
  const response = await signedFetch(signer, {
    method: 'POST',
    url: endpoint(),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sendEmailBody(email, from)),
    timeoutMs: 5_000,
  });
  const text = await response.text();
  if (response.ok) return (JSON.parse(text || '{}') as { MessageId?: string }).MessageId ?? '';
  // a refusal (unverified address, sandbox, bad request) is not tried again
  throw new EmailError(response.status, `SES SendEmail failed: ${response.status} ${text.slice(0, 200)}`);
}
