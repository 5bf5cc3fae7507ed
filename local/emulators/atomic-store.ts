import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const require = createRequire(import.meta.url);

interface StoredObject {
  bucket: string;
  key: string;
  content: Readable | Buffer;
  metadata: Record<string, string>;
}

interface FilesystemStoreBase {
  rootDirectory: string;
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  getObject(bucket: string, key: string, options?: unknown): Promise<unknown>;
  deleteObject(bucket: string, key: string): Promise<void>;
  listObjects(bucket: string, options: unknown): Promise<unknown>;
}

const FilesystemStore = require('s3rver/lib/stores/filesystem') as new (
  rootDirectory: string,
) => FilesystemStoreBase;

/**
 * s3rver's filesystem store, made atomic as S3 is (docs/cloud-fidelity.md). s3rver truncates the object's
 * file in place and answers the PUT before the bytes are flushed, with the object's metadata in two
 * more files: a read during or just after a write got a missing, empty or torn object ("aborted"), which
 * S3 never serves — a published page read while its regeneration rewrote it came back 404. Here the
 * bytes are written to a staging file first; the commit (metadata, checksum, rename into place) and every
 * read's snapshot (metadata, stat, open) take one lock, so a read sees one whole version and a write's
 * answer means every later read sees it. Each critical section is a few file-system calls.
 */
export class AtomicFilesystemStore extends FilesystemStore {
  #tail: Promise<unknown> = Promise.resolve();
  readonly #holding = new AsyncLocalStorage<true>();
  readonly #staging: string;

  constructor(rootDirectory: string) {
    super(rootDirectory);
    // beside the root, not in it: every directory in the root is a bucket
    this.#staging = `${rootDirectory.replace(/\/+$/, '')}.staging`;
  }

  /** Runs `work` alone among the store's commits and snapshots (re-entrant within one). */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.#holding.getStore()) return work();
    const run = this.#tail.then(() => this.#holding.run(true, work));
    this.#tail = run.catch(() => undefined);
    return run;
  }

  override getMetadata(bucket: string, key: string) {
    return this.#exclusive(() => super.getMetadata(bucket, key));
  }

  override getObject(bucket: string, key: string, options?: unknown) {
    return this.#exclusive(() => super.getObject(bucket, key, options));
  }

  override deleteObject(bucket: string, key: string) {
    return this.#exclusive(() => super.deleteObject(bucket, key));
  }

  override listObjects(bucket: string, options: unknown) {
    return this.#exclusive(() => super.listObjects(bucket, options));
  }

  async putObject(object: StoredObject): Promise<{ size: number; md5: string }> {
    await mkdir(this.#staging, { recursive: true });
    const staged = join(this.#staging, randomUUID());
    const md5 = createHash('md5');
    let size = 0;
    try {
      const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          md5.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // resolves once the staging file is flushed and closed
      await pipeline(source, measure, createWriteStream(staged));
      const digest = md5.digest('hex');
      await this.#exclusive(async () => {
        const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
        await mkdir(dirname(objectPath), { recursive: true });
        await this.putMetadata(object.bucket, object.key, object.metadata, digest);
        await rename(staged, objectPath);
      });
      return { size, md5: digest };
    } finally {
      await rm(staged, { force: true });
    }
  }

  /** A copy is a read snapshot of the source and a put of its bytes. */
  async copyObject(
    sourceBucket: string,
    sourceKey: string,
    bucket: string,
    key: string,
    replacementMetadata?: Record<string, string>,
  ) {
    const source = await this.#exclusive(async () => {
      const objectPath = this.getResourcePath(sourceBucket, sourceKey, 'object');
      const stored = JSON.parse(
        await readFile(this.getResourcePath(sourceBucket, sourceKey, 'metadata.json'), 'utf8'),
      ) as Record<string, string>;
      return { content: await readFile(objectPath), metadata: stored };
    });
    await this.putObject({
      bucket,
      key,
      content: source.content,
      metadata: replacementMetadata ?? source.metadata,
    });
    return this.getMetadata(bucket, key);
  }
}
