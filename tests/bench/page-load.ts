import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import { launchChromium } from '../support/browser.ts';
import { runBenchPartIfChild, runBenchPartIsolated } from './isolated.ts';

/**
 * Lighthouse-style page load of the app as CloudFront serves it (the local static host sends the
 * distribution's headers and compresses as it does, contracts/response-headers.ts; a loopback HTTPS/HTTP2
 * front stands for the rest of CloudFront's delivery): First Contentful Paint and Largest Contentful Paint
 * of the login page and of the signed-in profile page (`/agents/profile`, the spec's own profile, where a
 * sign-in lands), each a cold load in a fresh browser context on a mobile-sized viewport (Lighthouse's
 * Moto G Power: 412×823, DPR 1.75) with the CPU slowed 4× (Emulation.setCPUThrottlingRate), the median
 * of PAGE_LOAD_RUNS runs.
 *
 * Measured with Chromium's DevTools protocol, not the lighthouse package. FCP and LCP are read from the
 * page's PerformanceObserver entries (`paint`, `largest-contentful-paint`), from navigation start, as
 * Lighthouse reports them, once the network is quiet and no new LCP candidate came for SETTLE_MS (the
 * profile page's LCP is a listing photo when it has loaded, else the bio's paragraph). The network is
 * throttled per request (Network.emulateNetworkConditions) with two profiles: `mobile`, Lighthouse's
 * mobile figures as they are (150 ms RTT, 1.6 Mbps down, 750 Kbps up), which the LCP budget applies to;
 * and `lighthouse-devtools`, the same figures as Lighthouse's own DevTools throttling applies them
 * (latency × 3.75, throughput × 0.9, to stand for connection set-up), a slower, informative figure.
 * `PAGE_LOAD_DIST=<directory>` measures another build (a before/after); `npm run bench:page-load` runs
 * this part alone (page-load-only.ts), with each run's request waterfall if asked.
 */
export const PAGE_LOAD_LCP_BUDGET_MS = 2500;
export const PAGE_LOAD_RUNS = Number(process.env.PAGE_LOAD_RUNS ?? 5);

export interface NetworkProfile {
  name: string;
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
  /** whether the LCP budget applies */
  budgeted: boolean;
}

/** Lighthouse's mobile profile (its constants.js: mobileSlow4G, moto G power). */
export const MOBILE_DEVICE = {
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
} as const;
const RTT_MS = 150;
const DOWNLOAD_KBPS = 1.6 * 1024;
const UPLOAD_KBPS = 750;
export const NETWORK_PROFILES: NetworkProfile[] = [
  { name: 'mobile', latencyMs: RTT_MS, downloadKbps: DOWNLOAD_KBPS, uploadKbps: UPLOAD_KBPS, budgeted: true },
  {
    name: 'lighthouse-devtools',
    latencyMs: RTT_MS * 3.75,
    downloadKbps: DOWNLOAD_KBPS * 0.9,
    uploadKbps: UPLOAD_KBPS * 0.9,
    budgeted: false,
  },
];

const ROOT = resolve(import.meta.dirname, '..', '..');
/** How long the page must stay without a new LCP candidate before the figure is read. */
const SETTLE_MS = 1500;
const LOAD_TIMEOUT_MS = 60_000;
/** The signed-in profile page has rendered (the shell has its agent and agency). */
const PROFILE_READY = 'main h1, main h2';

export interface PageLoadRun {
  fcpMs: number;
  lcpMs: number;
  /** what the page transferred (bytes on the wire, compressed) and how many requests */
  transferredBytes: number;
  requests: number;
  /** the LCP element, for the report */
  lcpElement: string;
  /** the LCP candidates in order, with the waterfall */
  lcpCandidates?: string[];
  /** every request of the load, when asked for (`measurePageLoad({ waterfall: true })`) */
  waterfall?: WaterfallRequest[];
}

/** One request of a load, its times from the document request's start. */
export interface WaterfallRequest {
  url: string;
  startMs: number;
  endMs: number;
  /** what started it: the parser, a script (its file) or a preload */
  initiator: string;
}

export interface PageLoad {
  page: string;
  path: string;
  profile: string;
  runs: PageLoadRun[];
  medianFcpMs: number;
  medianLcpMs: number;
  medianTransferredBytes: number;
  lcpElement: string;
  withinBudget: boolean;
}

export interface PageLoadReport {
  device: typeof MOBILE_DEVICE;
  profiles: NetworkProfile[];
  runs: number;
  pages: PageLoad[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

declare global {
  interface Window {
    __pageLoad?: {
      fcp?: number;
      lcp?: number;
      lcpElement?: string;
      /** every LCP candidate in order: time, element, size (a later, larger one replaces the figure) */
      candidates: string[];
      lastEntryAt: number;
    };
  }
}

/** Observes FCP and LCP from the start of the document, as Lighthouse reads them from the trace. */
function observePaints() {
  const state: NonNullable<Window['__pageLoad']> = { candidates: [], lastEntryAt: performance.now() };
  window.__pageLoad = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEntry[] & { element?: Element | null }[]) {
      const candidate = entry as PerformanceEntry & { element?: Element | null; url?: string };
      state.lcp = candidate.startTime;
      const element = candidate.element;
      state.lcpElement = element
        ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${candidate.url ? ` ${new URL(candidate.url, location.href).pathname}` : ''}`
        : 'unknown';
      const { size } = candidate as PerformanceEntry & { size?: number };
      state.candidates.push(`${Math.round(candidate.startTime)} ms ${state.lcpElement} (${size ?? '?'} px²)`);
      state.lastEntryAt = performance.now();
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Headers of one hop only (RFC 9113 §8.2.2 forbids them in HTTP/2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/**
 * What CloudFront is in front of the static host besides headers and compression: HTTPS and HTTP/2. The
 * local cloud speaks plain HTTP/1.1, where Chromium sends no `br` in Accept-Encoding and opens six
 * connections per host, so a page of many small chunks would queue as it never does at CloudFront. This
 * front (a throwaway self-signed certificate, made with openssl) passes every request to the local cloud
 * as it is.
 */
export async function startHttpsFront(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'estatenet-bench-tls-'));
  const keyFile = join(directory, 'key.pem');
  const certFile = join(directory, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const origin = new URL(target);
  const server = createSecureServer(
    { key: readFileSync(keyFile), cert: readFileSync(certFile), allowHTTP1: true },
    (request: Http2ServerRequest, response: Http2ServerResponse) => {
      const headers: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers))
        if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
      headers.host = origin.host;
      const upstream = httpRequest(
        { hostname: origin.hostname, port: origin.port, method: request.method, path: request.url, headers },
        (answer) => {
          const passed: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (value !== undefined && !HOP_BY_HOP.has(name)) passed[name] = value;
          response.writeHead(answer.statusCode ?? 502, passed);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    },
  );
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise((closed) => {
        server.close(() => closed());
        rmSync(directory, { recursive: true, force: true });
      }),
  };
}

/** One cold load of `url` in a fresh context (empty cache) under the mobile profile. */
export async function measureLoad(
  browser: Browser,
  profile: NetworkProfile,
  url: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined,
  ready: string,
  options: { waterfall?: boolean; tracePath?: string } = {},
): Promise<PageLoadRun> {
  const context = await browser.newContext({
    viewport: MOBILE_DEVICE.viewport,
    deviceScaleFactor: MOBILE_DEVICE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    // the front's throwaway certificate
    ignoreHTTPSErrors: true,
    ...(storageState ? { storageState } : {}),
  });
  try {
    await context.addInitScript(observePaints);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    const kbps = (value: number) => (value * 1024) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: kbps(profile.downloadKbps),
      uploadThroughput: kbps(profile.uploadKbps),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_DEVICE.cpuSlowdown });
    let transferredBytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      transferredBytes += event.encodedDataLength;
      requests += 1;
    });
    const recorder = options.waterfall ? recordWaterfall(cdp) : undefined;
    const trace = options.tracePath ? await startTrace(cdp) : undefined;
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    // as Lighthouse, until the network is quiet: an image still loading (a listing photo) may yet be the LCP.
    // Nothing runs in the page before then: a locator's wait would install Playwright's injected script and
    // poll the DOM on the main thread being measured (~60 ms of it at 4× CPU in a trace).
    await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
    await page.locator(ready).first().waitFor({ timeout: LOAD_TIMEOUT_MS });
    // LCP is final once the page has painted and stays without a new candidate
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    for (;;) {
      const settled = await page.evaluate((settleMs) => {
        const state = window.__pageLoad;
        return (
          state?.fcp !== undefined &&
          state.lcp !== undefined &&
          performance.now() - state.lastEntryAt >= settleMs
        );
      }, SETTLE_MS);
      if (settled || Date.now() > deadline) break;
      await page.waitForTimeout(250);
    }
    const figures = await page.evaluate(() => window.__pageLoad);
    if (trace && options.tracePath) {
      mkdirSync(dirname(options.tracePath), { recursive: true });
      writeFileSync(options.tracePath, JSON.stringify(await trace.stop()));
    }
    if (figures?.fcp === undefined || figures.lcp === undefined)
      throw new Error(`no paint was reported for ${url}`);
    return {
      fcpMs: Math.round(figures.fcp),
      lcpMs: Math.round(figures.lcp),
      transferredBytes,
      requests,
      lcpElement: figures.lcpElement ?? 'unknown',
      ...(recorder ? { waterfall: recorder.requests(), lcpCandidates: figures.candidates } : {}),
    };
  } finally {
    await context.close();
  }
}

interface CdpRequestEvent {
  requestId: string;
  timestamp: number;
  request: { url: string };
  initiator: { type: string; url?: string; stack?: { callFrames: { url: string }[] } };
}

/** Records each request's start, end and initiator from the DevTools protocol's Network events. */
function recordWaterfall(cdp: CDPSession) {
  const started = new Map<string, { url: string; start: number; initiator: string }>();
  const ended = new Map<string, number>();
  const path = (url: string) => (url.startsWith('data:') ? 'data:…' : new URL(url).pathname);
  cdp.on('Network.requestWillBeSent', (event: CdpRequestEvent) => {
    if (started.has(event.requestId)) return; // a redirect keeps its first start
    const script = event.initiator.url ?? event.initiator.stack?.callFrames[0]?.url;
    started.set(event.requestId, {
      url: path(event.request.url),
      start: event.timestamp,
      initiator: script ? `${event.initiator.type} ${path(script)}` : event.initiator.type,
    });
  });
  const end = (event: { requestId: string; timestamp: number }) =>
    ended.set(event.requestId, event.timestamp);
  cdp.on('Network.loadingFinished', end);
  cdp.on('Network.loadingFailed', end);
  return {
    requests(): WaterfallRequest[] {
      const all = [...started.entries()];
      const origin = Math.min(...all.map(([, request]) => request.start));
      const ms = (seconds: number) => Math.round((seconds - origin) * 1000);
      return all
        .map(([id, request]) => ({
          url: request.url,
          startMs: ms(request.start),
          endMs: ms(ended.get(id) ?? Number.NaN),
          initiator: request.initiator,
        }))
        .sort((a, b) => a.startMs - b.startMs);
    },
  };
}

/**
 * A Chrome performance trace of the load (the DevTools Performance panel's categories), to open in the
 * panel or read with a script: where the main thread's time goes under the CPU slowdown.
 */
async function startTrace(cdp: CDPSession) {
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (data: { value: unknown[] }) => events.push(...data.value));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'latencyInfo',
        // the sampling profiler's ProfileChunk events: which functions the main thread ran
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  });
  return {
    async stop(): Promise<{ traceEvents: unknown[] }> {
      const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
      await cdp.send('Tracing.end');
      await complete;
      return { traceEvents: events };
    },
  };
}

/** The waterfall as text lines: start–end, the path, what started it. */
export const formatWaterfall = (requests: WaterfallRequest[]) =>
  requests.map(
    (request) =>
      `${String(request.startMs).padStart(5)}–${String(request.endMs).padEnd(5)} ms  ${request.url}  ← ${request.initiator}`,
  );

/**
 * Builds the app if its sources changed, starts a local cloud in this process serving it, seeds the demo
 * data and measures the login page and the demo agent's profile page.
 */
export async function measurePageLoad(
  options: {
    log?: (line: string) => void;
    /** only these pages (`login`, `profile`) and network profiles; all by default */
    pages?: string[];
    profiles?: string[];
    /** record each run's requests */
    waterfall?: boolean;
    /** write each run's performance trace to `<traceDirectory>/<page>-<profile>-<run>.json` */
    traceDirectory?: string;
  } = {},
): Promise<PageLoadReport> {
  const log = options.log ?? (() => undefined);
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // PAGE_LOAD_DIST measures another build (a before/after comparison); by default the app as it is now
  const distDirectory = process.env.PAGE_LOAD_DIST ?? join(ROOT, 'frontend/dist');
  if (!process.env.PAGE_LOAD_DIST) {
    const { buildFrontendIfStale } = await import('#local/frontend-build');
    buildFrontendIfStale(ROOT);
  }
  const { startLocalCloud } = await import('#local/cloud');
  const dataDirectory = mkdtempSync(join(tmpdir(), 'estatenet-bench-page-load-'));
  const cloud = await startLocalCloud({
    dataDirectory,
    distDirectory,
    log: () => undefined,
  });
  const front = await startHttpsFront(cloud.appUrl);
  const browser = await launchChromium();
  try {
    const { seedDemoData } = await import('#local/seed');
    const demo = await seedDemoData(cloud);
    const url = (path: string) => `${front.url}${path}`;

    // a signed-in session, made once through the login form (unthrottled), for the profile page
    const signInContext = await browser.newContext({ ignoreHTTPSErrors: true });
    const signInPage = await signInContext.newPage();
    await signInPage.goto(url('/authentication/login'));
    await signInPage.getByLabel('Email').fill(demo.email);
    await signInPage.getByLabel('Password', { exact: true }).fill(demo.password);
    await signInPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signInPage.waitForURL('**/agents/profile', { timeout: LOAD_TIMEOUT_MS });
    // the session as a returning user has it: stored once the profile has loaded (the agency id with it),
    // not in the instant between the sign-in and the first agent answer
    await signInPage.locator(PROFILE_READY).first().waitFor({ timeout: LOAD_TIMEOUT_MS });
    const session = await signInContext.storageState();
    await signInContext.close();

    const targets = [
      { page: 'login', path: '/authentication/login', session: undefined, ready: 'form' },
      { page: 'profile', path: '/agents/profile', session, ready: PROFILE_READY },
    ].filter((target) => !options.pages || options.pages.includes(target.page));
    const profiles = NETWORK_PROFILES.filter(
      (profile) => !options.profiles || options.profiles.includes(profile.name),
    );
    const pages: PageLoad[] = [];
    for (const target of targets) {
      // one unmeasured load first: the local cloud's handlers are imported on their first call
      await measureLoad(browser, NETWORK_PROFILES[0]!, url(target.path), target.session, target.ready);
      for (const profile of profiles) {
        const runs: PageLoadRun[] = [];
        for (let run = 0; run < PAGE_LOAD_RUNS; run++) {
          const figures = await measureLoad(
            browser,
            profile,
            url(target.path),
            target.session,
            target.ready,
            {
              waterfall: options.waterfall,
              ...(options.traceDirectory
                ? {
                    tracePath: join(options.traceDirectory, `${target.page}-${profile.name}-${run + 1}.json`),
                  }
                : {}),
            },
          );
          log(
            `${target.page} (${profile.name}) run ${run + 1}: FCP ${figures.fcpMs} ms, LCP ${figures.lcpMs} ms, ` +
              `${Math.round(figures.transferredBytes / 1024)} KiB in ${figures.requests} requests (${figures.lcpElement})`,
          );
          runs.push(figures);
        }
        const medianLcpMs = median(runs.map((run) => run.lcpMs));
        pages.push({
          page: target.page,
          path: target.path,
          profile: profile.name,
          runs,
          medianFcpMs: median(runs.map((run) => run.fcpMs)),
          medianLcpMs,
          medianTransferredBytes: median(runs.map((run) => run.transferredBytes)),
          lcpElement: runs.find((run) => run.lcpMs === medianLcpMs)?.lcpElement ?? runs[0]!.lcpElement,
          withinBudget: !profile.budgeted || medianLcpMs <= PAGE_LOAD_LCP_BUDGET_MS,
        });
      }
    }
    return { device: MOBILE_DEVICE, profiles, runs: PAGE_LOAD_RUNS, pages };
  } finally {
    await browser.close();
    await front.close();
    await cloud.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

/** The same, in a Node process of its own (the handlers read the cloud's endpoints once per process). */
export const measurePageLoadIsolated = (log: (line: string) => void = () => undefined) =>
  runBenchPartIsolated<PageLoadReport>('page-load', 'tests/bench/page-load.ts', log);

runBenchPartIfChild('page-load', (log) => measurePageLoad({ log }));
