import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FRONTEND_BUDGETS, formatKb } from '../budgets/frontend-size.ts';
import {
  FLOOR_IMPORT_RATIO_BUDGET,
  FLOOR_SIZE_RATIO_BUDGET,
  HANDLER_BUNDLE_CEILING_BYTES,
  kilobytes,
  mark,
  measureHandlerBundles,
} from '../budgets/handler-size.ts';
import { FOLDER_ITEMS, measureCloudBenchIsolated, UPLOAD_MEMORY_GROWTH_BUDGET_BYTES } from './cloud.ts';
import {
  EDITOR_OPEN_BUDGET_MS,
  EDITOR_ROUNDS,
  measureEditorContent,
  SAVE_GROWTH_BUDGET,
} from './editor-content.ts';
import { measureFrontendBuild } from './frontend.ts';
import { alternatingColdImports } from './imports.ts';
import { LOAD_ERRORS_BUDGET, LOAD_P99_OVER_P50_BUDGET, measureLocalApiLoad } from './load.ts';
import {
  MATCH_RATIO_BUDGET,
  MATCH_SCENARIOS,
  MATCH_SIZES,
  type MatchBenchReport,
  measureMatchBenchIsolated,
} from './matching.ts';
import {
  MOBILE_DEVICE,
  measurePageLoadIsolated,
  NETWORK_PROFILES,
  PAGE_LOAD_LCP_BUDGET_MS,
} from './page-load.ts';
import {
  CAPACITY_RATIO_BUDGET,
  capacityFlat,
  measurePropertyBenchIsolated,
  SEARCH_RATIO_BUDGET,
  SEARCH_SIZES,
} from './properties.ts';
import { measurePublishedSitesIsolated, PUBLISHED_HOME_GZIP_BUDGET_BYTES } from './published-site.ts';

/**
 * `npm run bench`: the budgets of issue 4, measured.
 * - Lambda handlers: minified bundle size, SSO code and duplicated SDK packages (esbuild metafile, the
 *   options the CDK uses) and the median cold import in a fresh Node process over IMPORT_RUNS runs
 *   (default 5), each against the handler's SDK floor (a bare handler constructing the same SDK clients),
 *   handler and floor imported alternately.
 * - Frontend: initial JS per route (gzip) from the Vite manifest of a fresh production build.
 * - Page load: Lighthouse-style FCP and LCP (mobile profile) of the login and profile pages as the local
 *   static host serves them (CloudFront's headers and compression).
 * - Local API load: autocannon on the main read endpoints of a local cloud with the demo data.
 * - Property search: latency at 1,000 and 10,000 properties and the read capacity of each search.
 * - Matching: read capacity and time per new listing matched with 1,000 and 10,000 indexed clients.
 * - Published sites: the home page of the demo website and of each built-in template's website, its
 *   transferred size (gzip document plus images and icon), and that every link, image and icon resolves.
 * - Website editor: ten open → save sessions per built-in template (GrapesJS headless): open time and save
 *   size stay flat.
 * Every figure is marked ✓/✗ against its budget. Writes bench/results.json and bench/results.md and
 * prints the markdown. The size budgets are also asserted by `npm test` (tests/budgets); this command
 * fails only when a measurement cannot be made.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const IMPORT_RUNS = Number(process.env.IMPORT_RUNS ?? 5);

const overBudget: string[] = [];
const failures: string[] = [];
/** A budget mark; what broke the budget is listed in the summary. */
const check = (withinBudget: boolean, what: string) => {
  if (!withinBudget) overBudget.push(what);
  return mark(withinBudget);
};
const table = (header: string[], align: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `|${align.join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
const markdown: string[] = [];
const print = (lines: string[]) => {
  const text = lines.join('\n');
  markdown.push(text);
  console.log(`${text}\n`);
};

/** Runs one part of the bench; a part that cannot be measured is reported and the others still run. */
async function measure<T>(title: string, run: () => Promise<T> | T): Promise<T | { failed: string }> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${title}: ${message}`);
    print([`## ${title}`, '', `Not measured: ${message}`]);
    return { failed: message };
  }
}

const measuredAt = new Date().toISOString();
print(['# Budgets (`npm run bench`)', '', `Measured ${measuredAt} with Node ${process.version}.`]);

const handlers = await measure('Lambda handlers', async () => {
  const outDirectory = mkdtempSync(join(tmpdir(), 'estatenet-bench-'));
  try {
    const bundles = await measureHandlerBundles({ outDirectory });
    const results = bundles.map(({ outfile, floor: { outfile: floorFile, ...floor }, ...bundle }) => {
      const imports = alternatingColdImports(outfile, floorFile, IMPORT_RUNS);
      return {
        ...bundle,
        floor: { ...floor, medianImportMs: imports.floor.medianMs, importRunsMs: imports.floor.runsMs },
        sizeRatio: Math.round((bundle.bundleBytes / floor.bundleBytes) * 100) / 100,
        medianImportMs: imports.handler.medianMs,
        importRunsMs: imports.handler.runsMs,
        importRatio: Math.round(imports.ratio * 100) / 100,
      };
    });
    print([
      '## Lambda handlers',
      '',
      "Each handler against its SDK floor: a bare handler that constructs exactly the official SDK clients the handler bundles, built with the same esbuild options (the CDK's). Budget: bundle ≤ " +
        `${FLOOR_SIZE_RATIO_BUDGET}× the floor's and ≤ ${HANDLER_BUNDLE_CEILING_BYTES / 1024} KB, with no ` +
        'client-sso / credential-provider-sso code and one copy of each @aws-sdk/@smithy package; median cold import in a fresh Node process ' +
        `(${IMPORT_RUNS} runs, handler and floor alternating) ≤ ${FLOOR_IMPORT_RATIO_BUDGET}× the floor's. "serves": how many routes, event rules and ` +
        'Cognito triggers the handler serves.',
      '',
      table(
        [
          'handler',
          'serves',
          'SDK clients',
          'bundle (KB)',
          'floor (KB)',
          'ratio',
          `≤ ${FLOOR_SIZE_RATIO_BUDGET}×, ≤ ${HANDLER_BUNDLE_CEILING_BYTES / 1024} KB`,
          'SSO code, duplicates',
          'import (ms)',
          'floor import (ms)',
          'ratio',
          `≤ ${FLOOR_IMPORT_RATIO_BUDGET}×`,
        ],
        ['---', '---:', '---', '---:', '---:', '---:', ':-:', ':-:', '---:', '---:', '---:', ':-:'],
        results.map((bundle) => {
          const size = kilobytes(bundle.bundleBytes);
          return [
            bundle.handler,
            String(bundle.routes.length),
            bundle.sdkPackages.map((name) => name.replace('@aws-sdk/', '')).join(', ') || '—',
            size,
            kilobytes(bundle.floor.bundleBytes),
            bundle.sizeRatio.toFixed(2),
            check(
              bundle.sizeRatio <= FLOOR_SIZE_RATIO_BUDGET &&
                bundle.bundleBytes <= HANDLER_BUNDLE_CEILING_BYTES,
              `${bundle.handler}: ${size} KB minified, ${bundle.sizeRatio.toFixed(2)}× its floor`,
            ),
            bundle.sso || bundle.duplicates.length > 0
              ? `${[bundle.sso ? 'SSO code' : '', ...bundle.duplicates].filter(Boolean).join(', ')} ${check(false, `${bundle.handler}: bundles SSO credential code or a package twice`)}`
              : `none ${mark(true)}`,
            bundle.medianImportMs.toFixed(1),
            bundle.floor.medianImportMs.toFixed(1),
            bundle.importRatio.toFixed(2),
            check(
              bundle.importRatio <= FLOOR_IMPORT_RATIO_BUDGET,
              `${bundle.handler}: cold import ${bundle.medianImportMs.toFixed(1)} ms, ${bundle.importRatio.toFixed(2)}× its floor's`,
            ),
          ];
        }),
      ),
    ]);
    return { importRuns: IMPORT_RUNS, results };
  } finally {
    rmSync(outDirectory, { recursive: true, force: true });
  }
});

const frontend = await measure('Frontend: initial JS per route', () => {
  const report = measureFrontendBuild(ROOT);
  const budgets = Object.entries(FRONTEND_BUDGETS)
    .map(([route, bytes]) => `${route} ≤ ${formatKb(bytes)}`)
    .join(', ');
  print([
    '## Frontend: initial JS per route',
    '',
    "The entry chunk plus the route's lazy chunks and their static imports, gzip (1 kB = 1000 bytes), " +
      `from the Vite manifest of a fresh production build. Budget: ${budgets}; the website editor's code ` +
      "in no other route's initial graph.",
    '',
    table(
      ['route', 'path', 'files', 'initial JS (gzip)', 'budget', ''],
      ['---', '---', '---:', '---:', '---:', ':-:'],
      report.routes.map((route) => {
        const budget = FRONTEND_BUDGETS[route.name];
        return [
          route.name,
          `\`${route.route}\``,
          String(route.files.length),
          formatKb(route.gzipBytes),
          budget === undefined ? '—' : formatKb(budget),
          budget === undefined
            ? ''
            : check(
                route.gzipBytes <= budget,
                `${route.name} route: ${formatKb(route.gzipBytes)} of initial JS`,
              ),
        ];
      }),
    ),
    '',
    `Website editor code in another route's initial graph: ${
      report.editorInInitialGraph
        ? `yes ${check(false, "the website editor's code is in another route's initial graph")}`
        : `no ${mark(true)}`
    }`,
  ]);
  return report;
});

const pageLoad = await measure('Page load (Lighthouse-style, mobile)', async () => {
  const report = await measurePageLoadIsolated((line) => console.log(`  ${line}`));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const profile = (name: string) => NETWORK_PROFILES.find((candidate) => candidate.name === name)!;
  print([
    '## Page load (Lighthouse-style, mobile)',
    '',
    'First and Largest Contentful Paint of a cold load, served by the local static host as CloudFront serves ' +
      'the app (its headers, Brotli/Gzip, behind a loopback HTTPS/HTTP2 front), measured in Chromium through ' +
      `the DevTools protocol (not the lighthouse package): ${MOBILE_DEVICE.viewport.width}×` +
      `${MOBILE_DEVICE.viewport.height} viewport, CPU ${MOBILE_DEVICE.cpuSlowdown}× slower, FCP and LCP from ` +
      `the page's PerformanceObserver; median of ${report.runs} runs. Network per request: ` +
      NETWORK_PROFILES.map(
        (network) =>
          `${network.name} ${network.latencyMs} ms, ${(network.downloadKbps / 1024).toFixed(2)} Mbps down, ` +
          `${Math.round(network.uploadKbps)} Kbps up`,
      ).join('; ') +
      ` (the second is Lighthouse's own DevTools throttling of the same profile, informative). Budget: LCP ≤ ` +
      `${seconds(PAGE_LOAD_LCP_BUDGET_MS)} on the mobile profile.`,
    '',
    table(
      ['page', 'path', 'network', 'FCP', 'LCP', 'LCP element', 'transferred', 'budget'],
      ['---', '---', '---', '---:', '---:', '---', '---:', ':-:'],
      report.pages.map((page) => [
        page.page,
        `\`${page.path}\``,
        page.profile,
        seconds(page.medianFcpMs),
        seconds(page.medianLcpMs),
        `\`${page.lcpElement}\``,
        `${(page.medianTransferredBytes / 1024).toFixed(0)} KiB`,
        profile(page.profile).budgeted
          ? check(
              page.withinBudget,
              `${page.page} page: LCP ${seconds(page.medianLcpMs)} on the ${page.profile} profile`,
            )
          : '—',
      ]),
    ),
  ]);
  return report;
});

const load = await measure('Local API load', async () => {
  const report = await measureLocalApiLoad({ log: (line) => console.log(`  ${line}`) });
  print([
    '## Local API load',
    '',
    `autocannon, ${report.connections} connections for ${report.durationSeconds} s per endpoint, against a ` +
      `local cloud with the demo data, signed in as ${report.signedInAs}. Budget: ${LOAD_ERRORS_BUDGET} ` +
      `errors (non-2xx answers, socket errors, timeouts) and p99/p50 ≤ ${LOAD_P99_OVER_P50_BUDGET}.`,
    '',
    table(
      ['endpoint', 'requests/s', 'p50 (ms)', 'p99 (ms)', 'p99/p50', 'errors', 'budget'],
      ['---', '---:', '---:', '---:', '---:', '---:', ':-:'],
      report.endpoints.map((endpoint) => [
        `\`${endpoint.endpoint}\``,
        endpoint.requestsPerSecond.toFixed(1),
        String(endpoint.p50Ms),
        String(endpoint.p99Ms),
        endpoint.p99OverP50.toFixed(2),
        String(endpoint.errors),
        check(
          endpoint.withinBudget,
          `${endpoint.endpoint}: ${endpoint.errors} errors, p99/p50 ${endpoint.p99OverP50.toFixed(2)}`,
        ),
      ]),
    ),
    ...(report.failed.length > 0
      ? [
          '',
          'Not loaded, because a single request already failed:',
          ...report.failed.map(
            (failure) =>
              `- \`${failure.endpoint}\` ${failure.reason} ${check(false, `${failure.endpoint}: ${failure.reason}`)}`,
          ),
        ]
      : []),
  ]);
  return report;
});

const cloudFigures = await measure('Cloud file store', async () => {
  const report = await measureCloudBenchIsolated((line) => console.log(`  ${line}`));
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const { listing, uploadMemory } = report;
  print([
    '## Cloud file store',
    '',
    `Listing a folder of ${FOLDER_ITEMS.toLocaleString('en-US')} items through \`GET /cloud/files\`, ` +
      `${listing.pageSize} a page (bounded Query per page, ${listing.pages} pages), ${listing.rounds} rounds after a warm-up:`,
    '',
    table(
      ['items', 'pages', 'page p50 (ms)', 'page p99 (ms)', 'whole folder, median (ms)'],
      ['---:', '---:', '---:', '---:', '---:'],
      [
        [
          String(listing.items),
          String(listing.pages),
          String(listing.pageP50Ms),
          String(listing.pageP99Ms),
          String(listing.fullListingMedianMs),
        ],
      ],
    ),
    '',
    'Peak memory (RSS) of the local cloud process (API, handlers and s3rver) while a file is uploaded ' +
      `through its presigned POST and confirmed; baseline ${mb(uploadMemory.baselineRssBytes)} MB. Budget: ` +
      `the 100 MB upload raises the peak at most ${mb(UPLOAD_MEMORY_GROWTH_BUDGET_BYTES)} MB more than the ` +
      '50 MB one (the bytes are streamed, never held whole).',
    '',
    table(
      ['file', 'peak RSS (MB)', 'growth (MB)', 'seconds'],
      ['---:', '---:', '---:', '---:'],
      uploadMemory.uploads.map((upload) => [
        `${mb(upload.sizeBytes)} MB`,
        mb(upload.peakRssBytes),
        mb(upload.growthBytes),
        String(upload.seconds),
      ]),
    ),
    '',
    `Growth with file size (100 MB vs 50 MB): ${mb(uploadMemory.extraGrowthBytes)} MB ${check(
      uploadMemory.withinBudget,
      `a 100 MB upload raised the local cloud's peak memory ${mb(uploadMemory.extraGrowthBytes)} MB more than 50 MB`,
    )}`,
  ]);
  return report;
});

const propertyFigures = await measure('Property search', async () => {
  const report = await measurePropertyBenchIsolated((line) => console.log(`  ${line}`));
  const [small, large] = report.sizes as [(typeof report.sizes)[number], (typeof report.sizes)[number]];
  const count = (value: number) => value.toLocaleString('en-US');
  print([
    '## Property search',
    '',
    `A mix of ${small.cases.length} searches (the list and its next pages, equality filters, ranges on and off ` +
      `the sort key), ${report.pageSize} a page, through \`GET /api/properties(/search)\` of a local cloud seeded ` +
      `with ${SEARCH_SIZES.map(count).join(' and then ')} properties; ${report.rounds} rounds after a warm-up. ` +
      `Budget: the 10k/1k ratio of p50 and of p99 ≤ ${SEARCH_RATIO_BUDGET}.`,
    '',
    table(
      ['properties', 'searches', 'p50 (ms)', 'p99 (ms)'],
      ['---:', '---:', '---:', '---:'],
      report.sizes.map((size) => [
        count(size.properties),
        String(size.samples),
        String(size.p50Ms),
        String(size.p99Ms),
      ]),
    ),
    '',
    `10k/1k: p50 ×${report.ratio.p50}, p99 ×${report.ratio.p99} ${check(
      report.latencyWithinBudget,
      `property search 10k/1k latency ratio p50 ×${report.ratio.p50}, p99 ×${report.ratio.p99}`,
    )}`,
    '',
    'Read capacity units each search consumed (DynamoDB `ReturnConsumedCapacity` on every call of the search: ' +
      'counter, Queries of the index entries, BatchGetItem of the page; dynalite reports it from the bytes read, ' +
      'per 4 KB, halved for eventually consistent reads, as DynamoDB does), against one Scan of the table. ' +
      `Budget: at 10k at most ${CAPACITY_RATIO_BUDGET}× the 1k figure, plus the count budget's own cost ` +
      `(${large.countBudgetCapacityUnits} RCU) where a range count reached it at 10k only (its total then reads "N+").`,
    '',
    table(
      ['search', 'items', 'total at 1k', 'RCU at 1k', 'total at 10k', 'RCU at 10k', ''],
      ['---', '---:', '---:', '---:', '---:', '---:', ':-:'],
      large.cases.map((item, index) => {
        const before = small.cases[index]!;
        const total = (entry: typeof item) => `${count(entry.totalItems)}${entry.totalExact ? '' : '+'}`;
        return [
          item.name,
          String(item.items),
          total(before),
          String(before.capacityUnits),
          total(item),
          String(item.capacityUnits),
          check(
            capacityFlat(before, item, large),
            `property search "${item.name}": ${item.capacityUnits} RCU at 10k`,
          ),
        ];
      }),
    ),
    '',
    `One Scan of the table instead: ${count(small.scanCapacityUnits)} RCU at 1k, ${count(large.scanCapacityUnits)} RCU at 10k.`,
  ]);
  return report;
});

const matchingFigures = await measure('Matching', async () => {
  const reports: MatchBenchReport[] = [];
  for (const scenario of MATCH_SCENARIOS) {
    reports.push(await measureMatchBenchIsolated(scenario, (line) => console.log(`  ${scenario}: ${line}`)));
  }
  const count = (value: number) => value.toLocaleString('en-US');
  print([
    '## Matching',
    '',
    `${reports[0]!.listings} new listings (for sale and for rent, across ten cities and their prices) matched ` +
      `against a criteria index of ${MATCH_SIZES.map(count).join(' and then ')} clients: a network growing denser ` +
      '(the same ten cities) or broader (ten more towns for every 1,000 clients; a tenth of clients name no ' +
      'area). Finding a listing’s matches reads the listing and its ≤ 6 index partitions (mean RCU, ' +
      '`ReturnConsumedCapacity` on every read); recording them is a transaction and a notification per owner ' +
      `matched. Budget: the 10k/1k ratio of the reads and of the time per listing ≤ ${MATCH_RATIO_BUDGET}; ` +
      'where the listing matches more owners at 10k, the reads per owner matched are compared as well.',
    '',
    table(
      [
        'network',
        'clients',
        'entries',
        'RCU a listing',
        'read',
        'matched',
        'RCU per match',
        'find p50 (ms)',
        'record p50 (ms)',
      ],
      ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'],
      reports.flatMap((report) =>
        report.sizes.map((size) => [
          report.scenario,
          count(size.clients),
          count(size.entries),
          String(size.meanReadUnits),
          String(size.meanCandidates),
          String(size.meanMatched),
          String(Math.round((size.meanReadUnits / Math.max(1, size.meanMatched)) * 1000) / 1000),
          String(size.findP50Ms),
          String(size.recordP50Ms),
        ]),
      ),
    ),
    '',
    ...reports.map(
      (report) =>
        `${report.scenario}, 10k/1k: RCU a listing ×${report.ratio.readUnits}, time to find ×${report.ratio.findTime} ${check(
          report.withinBudget,
          `matching (${report.scenario}) 10k/1k RCU ×${report.ratio.readUnits}, time ×${report.ratio.findTime}`,
        )}; RCU per owner matched ×${report.ratio.readUnitsPerMatch} ${mark(report.ratio.readUnitsPerMatch <= MATCH_RATIO_BUDGET)}`,
    ),
  ]);
  return reports;
});

const publishedSites = await measure('Published sites', async () => {
  const report = await measurePublishedSitesIsolated((line) => console.log(`  ${line}`));
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  print([
    '## Published sites',
    '',
    'The home page of the demo website and of a website made from each built-in template (the demo agent, ' +
      'published as the editor publishes), served by the local sites host. Transferred: the document (HTML with ' +
      'its inline CSS) gzip-compressed as the sites distribution sends it, plus the images and icon it loads; ' +
      `budget ≤ ${kb(PUBLISHED_HOME_GZIP_BUDGET_BYTES)}. Every same-origin link, image, icon and \`/favicon.ico\` ` +
      'of the page is fetched (redirects followed); budget: none answers other than 2xx. Links to other ' +
      'origins are counted, not fetched.',
    '',
    table(
      [
        'site',
        'HTML',
        'gzip',
        'images and icon',
        'transferred',
        'listing links',
        'addresses checked',
        'broken',
        'external',
        'budget',
      ],
      ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', ':-:'],
      report.homes.map((home) => [
        home.site,
        kb(home.htmlBytes),
        kb(home.gzipBytes),
        `${home.images} (${kb(home.imageBytes)})`,
        kb(home.transferredBytes),
        String(home.listingLinks),
        String(home.checked),
        home.broken.length ? home.broken.map((item) => `\`${item.url}\` ${item.status}`).join(', ') : '0',
        String(home.external),
        check(
          home.withinBudget,
          `published home of ${home.site}: ${kb(home.transferredBytes)} transferred, ${home.broken.length} broken addresses`,
        ),
      ]),
    ),
    '',
    `Largest home: ${report.largest.site}, ${kb(report.largest.transferredBytes)} transferred ` +
      `(${kb(report.largest.gzipBytes)} of it the gzip document).`,
  ]);
  return report;
});

const editorContent = await measure('Website editor sessions', () => {
  const report = measureEditorContent();
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  print([
    '## Website editor sessions',
    '',
    `Each built-in template's content opened in the editor and saved, ${EDITOR_ROUNDS} sessions in a row ` +
      '(GrapesJS headless: the models, CSS parser and save code the browser runs, without a canvas). Budget: ' +
      `the last save ≤ ${SAVE_GROWTH_BUDGET}× the first, the last open ≤ ${EDITOR_OPEN_BUDGET_MS} ms.`,
    '',
    table(
      [
        'template',
        'first save',
        `save ${EDITOR_ROUNDS}`,
        `save ${EDITOR_ROUNDS} gzip`,
        'first open',
        `open ${EDITOR_ROUNDS}`,
        'budget',
      ],
      ['---', '---:', '---:', '---:', '---:', '---:', ':-:'],
      report.templates.map((figure) => [
        figure.template,
        kb(figure.firstSaveBytes),
        kb(figure.lastSaveBytes),
        kb(figure.lastSaveGzipBytes),
        `${figure.firstOpenMs.toFixed(0)} ms`,
        `${figure.lastOpenMs.toFixed(0)} ms`,
        check(
          figure.withinBudget,
          `editor sessions of ${figure.template}: save ${kb(figure.firstSaveBytes)} → ${kb(figure.lastSaveBytes)}, open ${figure.lastOpenMs.toFixed(0)} ms`,
        ),
      ]),
    ),
    '',
    `Largest template: ${report.largest.template}, its ${EDITOR_ROUNDS}th save ${kb(report.largest.lastSaveBytes)} ` +
      `(${kb(report.largest.lastSaveGzipBytes)} sent gzip), opened in ${report.largest.lastOpenMs.toFixed(0)} ms.`,
  ]);
  return report;
});

print([
  '## Summary',
  '',
  overBudget.length === 0
    ? `Every measured figure is within its budget ${mark(true)}`
    : `${overBudget.length} over budget ${mark(false)}:\n${overBudget.map((item) => `- ${item}`).join('\n')}`,
  ...(failures.length > 0
    ? ['', `Not measured:\n${failures.map((failure) => `- ${failure}`).join('\n')}`]
    : []),
]);

mkdirSync(join(ROOT, 'bench'), { recursive: true });
const results = {
  measuredAt,
  node: process.version,
  budgets: {
    handlerBundleCeilingBytes: HANDLER_BUNDLE_CEILING_BYTES,
    handlerFloorSizeRatio: FLOOR_SIZE_RATIO_BUDGET,
    handlerFloorImportRatio: FLOOR_IMPORT_RATIO_BUDGET,
    handlerSsoCode: false,
    handlerDuplicatePackages: 0,
    frontendRouteGzipBytes: FRONTEND_BUDGETS,
    frontendEditorInInitialGraph: false,
    pageLoadLcpMs: PAGE_LOAD_LCP_BUDGET_MS,
    loadErrors: LOAD_ERRORS_BUDGET,
    loadP99OverP50: LOAD_P99_OVER_P50_BUDGET,
    cloudUploadMemoryGrowthBytes: UPLOAD_MEMORY_GROWTH_BUDGET_BYTES,
    propertySearchRatio: SEARCH_RATIO_BUDGET,
    propertySearchCapacityRatio: CAPACITY_RATIO_BUDGET,
    matchingRatio: MATCH_RATIO_BUDGET,
    publishedHomeGzipBytes: PUBLISHED_HOME_GZIP_BUDGET_BYTES,
    publishedHomeBrokenAddresses: 0,
    editorSaveGrowth: SAVE_GROWTH_BUDGET,
    editorOpenMs: EDITOR_OPEN_BUDGET_MS,
  },
  handlers,
  frontend,
  pageLoad,
  load,
  cloud: cloudFigures,
  properties: propertyFigures,
  matching: matchingFigures,
  publishedSites,
  editorContent,
  overBudget,
  failures,
};
writeFileSync(join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(ROOT, 'bench/results.md'), `${markdown.join('\n\n')}\n`);
console.log('Written to bench/results.json and bench/results.md.');
if (failures.length > 0) process.exitCode = 1;
