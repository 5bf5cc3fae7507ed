// The emulators ship no type declarations; we use a small, well-known part of each.
declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options: Record<string, unknown>): Server;
}

declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  export default class S3rver extends EventEmitter {
    constructor(options: Record<string, unknown>);
    run(): Promise<unknown>;
    close(): Promise<void>;
    /** the object store its controllers use (replaced by local/emulators/atomic-store.ts) */
    store: unknown;
    context: { store: unknown };
  }
}
