import { Resolver } from 'node:dns/promises';
import { config } from './config.ts';

/**
 * DNS look-ups of the custom-domain proofs, through Node's own resolver (c-ares, `node:dns/promises`): in
 * Lambda the system's resolver; where `SITES_DNS_SERVERS` names servers (the local cloud's stand-in DNS
 * server, local/dns-server.ts), those. One code path: only the configuration says which server answers.
 */

export type TxtLookup =
  /** the name has TXT records: each record's strings joined, as a provider shows the value */
  | { kind: 'records'; values: string[] }
  /** no such name, or no TXT record at it */
  | { kind: 'none' }
  /** the DNS did not answer usably (timeout, SERVFAIL, refused): try again later */
  | { kind: 'error'; code: string };

/** A failed look-up that means "there is no such record", as opposed to "DNS did not answer". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

let resolver: Resolver | undefined;

function sharedResolver(): Resolver {
  if (!resolver) {
    // two tries of 2 s each: a route waits at most a few seconds for a slow DNS, then says so
    resolver = new Resolver({ timeout: 2_000, tries: 2 });
    const servers = config.sites.dnsServers;
    if (servers.length > 0) resolver.setServers(servers);
  }
  return resolver;
}

/** The TXT records at `name`. */
export async function lookupTxt(name: string): Promise<TxtLookup> {
  try {
    const records = await sharedResolver().resolveTxt(name);
    return { kind: 'records', values: records.map((strings) => strings.join('')) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    return ABSENT.has(code) ? { kind: 'none' } : { kind: 'error', code };
  }
}
