import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed webhooks: header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (several v1 values
 * are allowed while a secret is rotated). A delivery older or newer than the tolerance is refused, so a
 * captured request cannot be replayed later; within it, the event id record makes a replay a no-op.
 */
export const SIGNATURE_HEADER = 'estatenet-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(rawBody: string, secret: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'expired' | 'mismatch';

/** undefined when the signature is valid; otherwise what is wrong with it. */
export function checkSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureProblem | undefined {
  if (!header) return 'missing';
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''));
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0) return 'malformed';
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return 'expired';
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'),
    'utf8',
  );
  const matches = signatures.some(([, value]) => timingSafeEqual(Buffer.from(value!, 'utf8'), expected));
  return matches ? undefined : 'mismatch';
}
