import { describe, expect, it } from 'vitest';
import { checkSignature, signPayload } from './webhook-signature.ts';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1"}';
  const now = 1_800_000_000;

  it('accepts a signature made with the secret within the tolerance', () => {
    expect(checkSignature(body, signPayload(body, secret, now - 100), secret, now)).toBeUndefined();
  });

  it('refuses a changed body, another secret, an old timestamp and a missing header', () => {
    const header = signPayload(body, secret, now);
    expect(checkSignature('{"id":"evt_2"}', header, secret, now)).toBe('mismatch');
    expect(checkSignature(body, signPayload(body, 'other', now), secret, now)).toBe('mismatch');
    expect(checkSignature(body, signPayload(body, secret, now - 301), secret, now)).toBe('expired');
    expect(checkSignature(body, undefined, secret, now)).toBe('missing');
    expect(checkSignature(body, 't=abc,v1=zz', secret, now)).toBe('malformed');
  });

  it('accepts any of several signatures (secret rotation)', () => {
    const good = signPayload(body, secret, now).split(',')[1];
    expect(checkSignature(body, `t=${now},v1=${'0'.repeat(64)},${good}`, secret, now)).toBeUndefined();
  });
});
