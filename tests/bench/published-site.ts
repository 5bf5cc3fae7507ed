import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runBenchPartIfChild, runBenchPartIsolated } from './isolated.ts';

/**
 * Issue 16's published-site figures, against a local cloud in this process with the demo data: the home
 * page of the demo website (Coastal) and of a website made from each built-in template by the demo agent
 * (published as the editor publishes: publish, then every page regenerated), as a visitor gets it.
 * - transferred size: the home document (HTML with its inline CSS) gzip-compressed, as the sites
 *   distribution sends it (`compress: true`), plus what the page loads to show itself — its images and its
 *   icon, as they are sent (PNG/JPEG are not compressed again); budget PUBLISHED_HOME_GZIP_BUDGET_BYTES.
 * - no 404s: every link (`a[href]`, `link[href]`), image (`img[src]`) and `/favicon.ico` of the home page
 *   that points at the site answers 2xx after redirects; links to other origins (the map search, mailto:,
 *   tel:) are listed, not fetched (no network beyond the machine).
 */
export const PUBLISHED_HOME_GZIP_BUDGET_BYTES = 60 * 1000;
/** What a website's pages must all be written before they are measured (the regenerator is a consumer). */
const REGENERATION_TIMEOUT_MS = 60_000;

export interface PublishedHome {
  /** the demo website or the template's name */
  site: string;
  websiteId: string;
  path: string;
  htmlBytes: number;
  gzipBytes: number;
  /** same-origin images and icons the page loads, and their bytes */
  images: number;
  imageBytes: number;
  /** the document gzip plus its images and icon: what a first visit transfers */
  transferredBytes: number;
  /** listing cards of the page that link to a listing page */
  listingLinks: number;
  /** same-origin addresses checked (links, images, icons), and those that did not answer 2xx */
  checked: number;
  broken: Array<{ url: string; status: number }>;
  /** links to other origins, not fetched */
  external: number;
  withinBudget: boolean;
}

export interface PublishedSitesReport {
  homes: PublishedHome[];
  /** the largest home (by bytes transferred) among the template sites and the demo */
  largest: PublishedHome;
}

const ATTRIBUTE_URL = /<(a|link|img)\b([^>]*?)\s(href|src)="([^"]*)"/gi;
const decode = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** Every address the page refers to by a link, an image or an icon, resolved against the page. */
export function pageReferences(html: string, pageUrl: string): { url: string; kind: string }[] {
  const references = [...html.matchAll(ATTRIBUTE_URL)].map((match) => {
    const tag = match[1]!.toLowerCase();
    // what the browser loads to show the page (images, the icon), not where its links lead
    const loaded = tag === 'img' || (tag === 'link' && /\srel="icon"/.test(match[0]));
    return { url: new URL(decode(match[4]!), pageUrl).toString(), kind: loaded ? 'image' : 'link' };
  });
  // browsers and crawlers ask for it whatever the page says
  references.push({ url: new URL('favicon.ico', pageUrl).toString(), kind: 'link' });
  return references;
}

async function measureHome(site: string, websiteId: string, appUrl: string): Promise<PublishedHome> {
  const path = `/sites/${websiteId}/`;
  const pageUrl = `${appUrl}${path}`;
  const response = await fetch(pageUrl);
  if (!response.ok) throw new Error(`${site}: GET ${path} answered ${response.status}`);
  const html = await response.text();
  const htmlBytes = Buffer.byteLength(html);
  const gzipBytes = gzipSync(html, { level: 6 }).length;
  const origin = new URL(appUrl).origin;
  const seen = new Set<string>();
  const broken: PublishedHome['broken'] = [];
  let images = 0;
  let imageBytes = 0;
  let external = 0;
  for (const reference of pageReferences(html, pageUrl)) {
    const url = new URL(reference.url);
    url.hash = '';
    const key = url.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    if (url.origin !== origin) {
      external += 1;
      continue;
    }
    const answer = await fetch(key, { redirect: 'follow' });
    const body = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok) broken.push({ url: key.slice(origin.length), status: answer.status });
    else if (reference.kind === 'image') {
      images += 1;
      imageBytes += body.length;
    }
  }
  const listingLinks = html.match(/class="en-property-link"/g)?.length ?? 0;
  return {
    site,
    websiteId,
    path,
    htmlBytes,
    gzipBytes,
    images,
    imageBytes,
    listingLinks,
    checked: seen.size - external,
    broken,
    external,
    transferredBytes: gzipBytes + imageBytes,
    withinBudget: gzipBytes + imageBytes <= PUBLISHED_HOME_GZIP_BUDGET_BYTES && broken.length === 0,
  };
}

/** Polls until `ready` holds or the deadline passes. */
async function until(what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + REGENERATION_TIMEOUT_MS;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts a local cloud in this process, seeds the demo data, publishes one website per built-in template
 * as the demo agent, and measures each home page (and the demo website's).
 */
export async function measurePublishedSites(
  options: { log?: (line: string) => void } = {},
): Promise<PublishedSitesReport> {
  const log = options.log ?? (() => undefined);
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { signIn } = await import('#local/accounts');
  const { startLocalCloud } = await import('#local/cloud');
  const dataDirectory = mkdtempSync(join(tmpdir(), 'estatenet-bench-sites-'));
  const cloud = await startLocalCloud({ dataDirectory, log: () => undefined });
  try {
    const { seedDemoData } = await import('#local/seed');
    const { DEMO_WEBSITE_ID } = await import('#local/seed-website');
    const { BUILT_IN_TEMPLATE_LOOKS } = await import('../../functions/websites/templates/index.ts');
    const demo = await seedDemoData(cloud);
    const { accessToken } = await signIn(cloud.userPool, demo.email, demo.password);
    const call = async (path: string, init: RequestInit = {}) => {
      const answer = await fetch(`${cloud.appUrl}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
      if (!answer.ok)
        throw new Error(`${init.method ?? 'GET'} ${path} answered ${answer.status}: ${await answer.text()}`);
      return answer.json() as Promise<Record<string, unknown>>;
    };

    const sites: Array<{ site: string; websiteId: string }> = [
      { site: 'demo (Coastal)', websiteId: DEMO_WEBSITE_ID },
    ];
    for (const look of BUILT_IN_TEMPLATE_LOOKS) {
      const made = await call('/websites', {
        method: 'POST',
        body: JSON.stringify({ name: `Bench ${look.name}`, template_id: look.id }),
      });
      const websiteId = String(made.id);
      await call(`/websites/${websiteId}/publish`, { method: 'POST' });
      await call(`/website-domains/force-content/${websiteId}`, {
        method: 'POST',
        body: JSON.stringify({ allPages: true }),
      });
      sites.push({ site: look.name, websiteId });
    }
    await cloud.drainEvents();
    const homes: PublishedHome[] = [];
    for (const { site, websiteId } of sites) {
      // written by the regenerator: the home page with its listing cards, and the icon
      await until(`${site}'s pages`, async () => {
        const [home, icon] = await Promise.all([
          fetch(`${cloud.appUrl}/sites/${websiteId}/`),
          fetch(`${cloud.appUrl}/sites/${websiteId}/favicon.svg`),
        ]);
        const text = await home.text();
        await icon.arrayBuffer();
        return home.ok && icon.ok && text.includes('en-property-link');
      });
      const home = await measureHome(site, websiteId, cloud.appUrl);
      log(
        `${site}: home ${home.gzipBytes} B gzip, ${home.transferredBytes} B with its images and icon, ` +
          `${home.checked} addresses checked, ${home.broken.length} broken`,
      );
      homes.push(home);
    }
    const largest = homes.reduce((big, home) => (home.transferredBytes > big.transferredBytes ? home : big));
    return { homes, largest };
  } finally {
    await cloud.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

/**
 * The same, in a Node process of its own: the handlers read the cloud's endpoints when they are first
 * imported, so a bench that already ran a local cloud in this process would reach its stopped ports.
 */
export const measurePublishedSitesIsolated = (
  log: (line: string) => void = () => undefined,
): Promise<PublishedSitesReport> =>
  runBenchPartIsolated<PublishedSitesReport>('published-site', 'tests/bench/published-site.ts', log);

runBenchPartIfChild('published-site', (log) => measurePublishedSites({ log }));
