import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runBenchPartIfChild, runBenchPartIsolated } from './isolated.ts';

/**
 * Issue 8's cloud figures, against a local cloud in its own process (the process `npm start` runs: API,
 * handlers and emulators, s3rver included):
 * - listing a folder of 5,000 items, 200 a page (the API's default): latency per page, p50 and p99, and
 *   the time to read the whole folder;
 * - the local cloud's peak memory (RSS) while a 100 MB file is uploaded through its presigned POST,
 *   against the same for 10 MB: the bytes go to the object store as a stream, so the peak must not grow
 *   with the file's size.
 */
export const FOLDER_ITEMS = 5_000;
export const PAGE_SIZE = 200;
export const LISTING_ROUNDS = 4;
/** Uploads measured, smallest first; the last is the 100 MB maximum. */
export const UPLOAD_SIZES = [10, 25, 50, 100].map((mb) => mb * 1024 * 1024);
/**
 * "Does not grow with the file's size": the 100 MB upload may raise the peak at most this much more than
 * the 50 MB one (streamed bytes leave only garbage, bounded by the young generation, not by the file).
 */
export const UPLOAD_MEMORY_GROWTH_BUDGET_BYTES = 8 * 1024 * 1024;

const ROOT = resolve(import.meta.dirname, '..', '..');
const MB = 1024 * 1024;

export interface CloudBenchReport {
  listing: {
    items: number;
    pageSize: number;
    pages: number;
    rounds: number;
    pageP50Ms: number;
    pageP99Ms: number;
    fullListingMedianMs: number;
  };
  uploadMemory: {
    baselineRssBytes: number;
    uploads: Array<{ sizeBytes: number; peakRssBytes: number; growthBytes: number; seconds: number }>;
    /** growth of the 100 MB upload minus growth of the 50 MB one */
    extraGrowthBytes: number;
    withinBudget: boolean;
  };
}

interface RunningCloud {
  pid: number;
  appUrl: string;
  env: Record<string, string>;
  userPool: { userPoolId: string; clientId: string; issuer: string; endpoint: string };
  stop: () => Promise<void>;
}

async function startCloudProcess(): Promise<RunningCloud> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'local/serve-for-tests.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      POWERTOOLS_LOG_LEVEL: 'WARN',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<Omit<RunningCloud, 'pid' | 'stop'>>((resolvePromise, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('the bench cloud did not start in 60 s')), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const ready = /^READY (.+)$/m.exec(buffered);
      if (ready) {
        clearTimeout(timer);
        resolvePromise(JSON.parse(ready[1]!));
      }
      // keep only the last partial line
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
    child.once('exit', (code) => reject(new Error(`the bench cloud exited with ${code}`)));
  });
  return {
    ...info,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolvePromise) => {
        child.once('exit', () => resolvePromise());
        child.kill('SIGTERM');
      }),
  };
}

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

/** The highest RSS of `pid` while `work` runs, sampled every 5 ms. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ peak: number; result: T }> {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, rssOf(pid));
    return { peak, result };
  } finally {
    clearInterval(timer);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (value: number) => Math.round(value * 10) / 10;

export async function measureCloudBench(
  log: (line: string) => void = () => undefined,
): Promise<CloudBenchReport> {
  const cloud = await startCloudProcess();
  try {
    Object.assign(process.env, cloud.env);
    const [{ ensureCognitoUser, signIn }, { Agent }, { CloudItem }] = await Promise.all([
      import('#local/accounts'),
      import('#platform/accounts/entities'),
      import('#functions/cloud/entities'),
    ]);
    const email = `bench-${randomUUID().slice(0, 8)}@bench.local`;
    const password = 'Bench-Password-1';
    const agentId = await ensureCognitoUser(cloud.userPool, { email, password, fullName: 'Bench Agent' });
    // an Agency Plus plan: the 5,000 items and the uploads fit its quota
    await Agent.create({ agent_id: agentId, email, full_name: 'Bench Agent', role: 'AgencyPlus' });
    const { accessToken } = await signIn(cloud.userPool, email, password);
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${cloud.appUrl}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };

    // a folder of 5,000 files, written through the entity layer (as many uploads would leave it)
    const folder = (await call('/cloud/folders', {
      method: 'POST',
      body: JSON.stringify({ name: 'Bench' }),
    })) as {
      id: string;
    };
    log(`writing ${FOLDER_ITEMS} items…`);
    const start = Date.now() - FOLDER_ITEMS * 1000;
    for (let offset = 0; offset < FOLDER_ITEMS; offset += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, FOLDER_ITEMS - offset) }, (_, index) => {
          const id = randomUUID();
          const at = new Date(start + (offset + index) * 1000).toISOString();
          return CloudItem.put({
            id,
            agent_id: agentId,
            name: `photo-${offset + index}.jpg`,
            type: 'file',
            parent_folder_id: folder.id,
            mime_type: 'image/jpeg',
            file_type: 'jpg',
            size: 1024,
            object_key: `cloud/${agentId}/${id}`,
            state: 'active',
            shared_with: [],
            metadata: {},
            created_at: at,
            updated_at: at,
            version: 1,
          });
        }),
      );
    }
    const pageTimes: number[] = [];
    const fullTimes: number[] = [];
    let pages = 0;
    for (let round = 0; round <= LISTING_ROUNDS; round += 1) {
      const started = performance.now();
      let cursor: string | undefined;
      let count = 0;
      pages = 0;
      do {
        const pageStarted = performance.now();
        const page = (await call(
          `/cloud/files?folderId=${folder.id}&limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )) as { items: unknown[]; cursor?: string };
        // round 0 warms the handler and is not counted
        if (round > 0) pageTimes.push(performance.now() - pageStarted);
        count += page.items.length;
        pages += 1;
        cursor = page.cursor;
      } while (cursor);
      if (count !== FOLDER_ITEMS) throw new Error(`listed ${count} of ${FOLDER_ITEMS} items`);
      if (round > 0) fullTimes.push(performance.now() - started);
    }

    // uploads through the presigned POST, the cloud process's memory sampled meanwhile
    const baseline = rssOf(cloud.pid);
    const uploads: CloudBenchReport['uploadMemory']['uploads'] = [];
    for (const size of UPLOAD_SIZES) {
      const bytes = new Uint8Array(size).fill(0x5a);
      const started = performance.now();
      const { peak } = await peakRssDuring(cloud.pid, async () => {
        const ticket = (await call('/cloud/upload', {
          method: 'POST',
          body: JSON.stringify({ name: `bench-${size}.bin`, size, mime_type: 'application/octet-stream' }),
        })) as { url: string; fields: Record<string, string>; file: { id: string } };
        const form = new FormData();
        for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
        form.append('file', new Blob([bytes]), `bench-${size}.bin`);
        const posted = await fetch(ticket.url, { method: 'POST', body: form });
        if (posted.status !== 204) throw new Error(`the presigned POST answered ${posted.status}`);
        await call(`/cloud/${ticket.file.id}/confirm`, { method: 'POST' });
      });
      uploads.push({
        sizeBytes: size,
        peakRssBytes: peak,
        growthBytes: Math.max(0, peak - baseline),
        seconds: round((performance.now() - started) / 1000),
      });
      log(`uploaded ${size / MB} MB: peak RSS ${round(peak / MB)} MB`);
    }
    const extraGrowth = uploads.at(-1)!.growthBytes - uploads.at(-2)!.growthBytes;
    return {
      listing: {
        items: FOLDER_ITEMS,
        pageSize: PAGE_SIZE,
        pages,
        rounds: LISTING_ROUNDS,
        pageP50Ms: round(percentile(pageTimes, 50)),
        pageP99Ms: round(percentile(pageTimes, 99)),
        fullListingMedianMs: round(percentile(fullTimes, 50)),
      },
      uploadMemory: {
        baselineRssBytes: baseline,
        uploads,
        extraGrowthBytes: extraGrowth,
        withinBudget: extraGrowth <= UPLOAD_MEMORY_GROWTH_BUDGET_BYTES,
      },
    };
  } finally {
    await cloud.stop();
  }
}

/**
 * Runs `measureCloudBench` in a Node process of its own: the entity layer reads its endpoints once per
 * process, and the load bench runs another local cloud inside `npm run bench`'s own process.
 */
export const measureCloudBenchIsolated = (
  log: (line: string) => void = () => undefined,
): Promise<CloudBenchReport> => runBenchPartIsolated<CloudBenchReport>('cloud', 'tests/bench/cloud.ts', log);

runBenchPartIfChild('cloud', measureCloudBench);
