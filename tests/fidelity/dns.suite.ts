import { randomUUID } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { describe, expect, inject, it } from 'vitest';
import { lookupTxt } from '#aws/dns';
import { setDnsTxt } from '../support/domains.ts';

/**
 * The stand-in DNS server of the custom-domain proofs (local/dns-server.ts) answers Node's real resolver
 * as a DNS server does (docs/cloud-fidelity.md, "DNS"): the handlers' own look-up (functions/aws/dns.ts,
 * pointed at the stand-in by SITES_DNS_SERVERS only) and a bare `node:dns` Resolver see TXT records, long
 * values, missing names and large answers as they would see them from a provider's DNS.
 */

const server = () => inject('cloud').env.SITES_DNS_SERVERS!;
const bareResolver = () => {
  const resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([server()]);
  return resolver;
};
const uniqueName = () => `_estatenet-verify.www.dns-${randomUUID().slice(0, 8)}.com`;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: NodeJS.ErrnoException) => error.code,
  );

describe('DNS (the custom-domain proofs’ stand-in server)', () => {
  it('answers a TXT record as soon as it is set, and no more once removed', async () => {
    const name = uniqueName();
    setDnsTxt(name, ['estatenet-verify=abc123', 'v=spf1 -all']);
    expect(await lookupTxt(name)).toEqual({
      kind: 'records',
      values: ['estatenet-verify=abc123', 'v=spf1 -all'],
    });
    setDnsTxt(name, []);
    expect(await lookupTxt(name)).toEqual({ kind: 'none' });
  });

  it('splits a value over 255 bytes into character-strings, which the look-up joins', async () => {
    const name = uniqueName();
    const long = `estatenet-verify=${'a'.repeat(600)}`;
    setDnsTxt(name, [long]);
    const [strings] = await bareResolver().resolveTxt(name);
    expect(strings!.map((part) => part.length)).toEqual([255, 255, long.length - 510]);
    expect(await lookupTxt(name)).toEqual({ kind: 'records', values: [long] });
  });

  it('answers a name that does not exist NXDOMAIN (ENOTFOUND), and one without the type no data (ENODATA)', async () => {
    const name = uniqueName();
    expect(await codeOf(bareResolver().resolveTxt(name))).toBe('ENOTFOUND');
    setDnsTxt(name, ['estatenet-verify=x']);
    expect(await codeOf(bareResolver().resolve4(name))).toBe('ENODATA');
    expect(await lookupTxt(uniqueName())).toEqual({ kind: 'none' });
  });

  it('matches names without regard to case, as DNS does', async () => {
    const name = uniqueName();
    setDnsTxt(name.toUpperCase(), ['estatenet-verify=case']);
    expect(await lookupTxt(name)).toEqual({ kind: 'records', values: ['estatenet-verify=case'] });
  });

  it('truncates an answer over 512 bytes on UDP, and the resolver fetches it whole over TCP', async () => {
    const name = uniqueName();
    const values = Array.from({ length: 30 }, (_, index) => `estatenet-verify=${index}-${'b'.repeat(40)}`);
    setDnsTxt(name, values);
    const answer = await lookupTxt(name);
    expect(answer.kind).toBe('records');
    expect(answer.kind === 'records' && [...answer.values].sort()).toEqual([...values].sort());
  });
});
