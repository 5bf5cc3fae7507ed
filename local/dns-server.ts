import { createSocket, type Socket } from 'node:dgram';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket as TcpSocket } from 'node:net';
import { dirname } from 'node:path';

/**
 * The local cloud's stand-in DNS server: the authority for every name, answering TXT queries over UDP and
 * TCP (RFC 1035 wire format) from a JSON file, so the custom-domain proof look-ups
 * (functions/aws/dns.ts) go through Node's real resolver, pointed here by `SITES_DNS_SERVERS` only. The
 * file (`.data/dns/records.json` under `npm start`) maps a name to its records and is read on every query,
 * so a test or a person edits it and the next look-up sees the change:
 *
 *     { "_estatenet-verify.www.example.com": { "TXT": ["estatenet-verify=3f2a…"] } }
 *
 * As a real server: a name that is not in the file is NXDOMAIN (`ENOTFOUND`), a name without the asked
 * type answers no data (`ENODATA`), a TXT value over 255 bytes is split into character-strings, an answer
 * over 512 bytes on UDP is truncated (TC) so the resolver asks again over TCP; other opcodes are NOTIMP,
 * an unreadable question FORMERR.
 */

export type DnsRecords = Record<string, { TXT?: string[] }>;

const TYPE_TXT = 16;
const CLASS_IN = 1;
const TTL_SECONDS = 60;
const UDP_LIMIT = 512;
const RCODE = { noError: 0, formErr: 1, nxDomain: 3, notImp: 4 } as const;

/** The records in the file; none when it is missing or unreadable. */
export function readDnsRecords(file: string): DnsRecords {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as DnsRecords)
      : {};
  } catch {
    return {};
  }
}

/**
 * Sets the TXT records of one name in the file (none removes the name). Test files of one cloud write it
 * at the same time: each change is made under a lock (a directory beside the file), and written whole by a
 * rename so a query never reads half a file.
 */
export function setTxtRecords(file: string, name: string, values: readonly string[]): void {
  mkdirSync(dirname(file), { recursive: true });
  withLock(`${file}.lock`, () => {
    const records = readDnsRecords(file);
    const key = canonicalName(name);
    for (const existing of Object.keys(records))
      if (canonicalName(existing) === key) delete records[existing];
    if (values.length > 0) records[key] = { TXT: [...values] };
    const scratch = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(scratch, `${JSON.stringify(records, null, 2)}\n`);
    renameSync(scratch, file);
  });
}

/** Runs `change` holding the lock directory; a lock older than 10 s is taken as abandoned. */
function withLock(lock: string, change: () => void): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt += 1) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2_000) throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      Atomics.wait(pause, 0, 0, 5);
    }
  }
  try {
    change();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const canonicalName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

interface Question {
  /** where the question section ends in the query */
  end: number;
  name: string;
  type: number;
  qclass: number;
}

/** Reads the first question's name (labels only: a query carries no compression pointers). */
function readQuestion(query: Buffer): Question | undefined {
  let offset = 12;
  const labels: string[] = [];
  for (;;) {
    const length = query[offset];
    if (length === undefined || length > 63) return undefined;
    offset += 1;
    if (length === 0) break;
    if (offset + length > query.length) return undefined;
    labels.push(query.subarray(offset, offset + length).toString('latin1'));
    offset += length;
  }
  if (offset + 4 > query.length) return undefined;
  return {
    end: offset + 4,
    name: labels.join('.'),
    type: query.readUInt16BE(offset),
    qclass: query.readUInt16BE(offset + 2),
  };
}

/** One TXT answer: a pointer to the question's name, then the value as character-strings of ≤ 255 bytes. */
function txtAnswer(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const strings: Buffer[] = [];
  for (let start = 0; start < bytes.length || strings.length === 0; start += 255) {
    const chunk = bytes.subarray(start, start + 255);
    strings.push(Buffer.concat([Buffer.from([chunk.length]), chunk]));
  }
  const data = Buffer.concat(strings);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0); // the name: the question's, at offset 12
  fixed.writeUInt16BE(TYPE_TXT, 2);
  fixed.writeUInt16BE(CLASS_IN, 4);
  fixed.writeUInt32BE(TTL_SECONDS, 6);
  fixed.writeUInt16BE(data.length, 10);
  return Buffer.concat([fixed, data]);
}

/** The answer to one query, or undefined for something that is not a DNS query at all. */
export function answerQuery(
  query: Buffer,
  records: DnsRecords,
  limit = Number.POSITIVE_INFINITY,
): Buffer | undefined {
  if (query.length < 12) return undefined;
  const flags = query.readUInt16BE(2);
  if (flags & 0x8000) return undefined; // a response, not a query
  const opcode = (flags >> 11) & 0x0f;
  const respond = (rcode: number, question?: Question, answers: Buffer[] = [], truncated = false) => {
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // the id
    // QR, the query's opcode and RD, authoritative, recursion available, TC when cut
    header.writeUInt16BE(
      0x8000 | (opcode << 11) | 0x0400 | (truncated ? 0x0200 : 0) | (flags & 0x0100) | 0x0080 | rcode,
      2,
    );
    header.writeUInt16BE(question ? 1 : 0, 4);
    header.writeUInt16BE(answers.length, 6);
    return Buffer.concat([header, ...(question ? [query.subarray(12, question.end)] : []), ...answers]);
  };
  if (opcode !== 0) return respond(RCODE.notImp);
  if (query.readUInt16BE(4) !== 1) return respond(RCODE.formErr);
  const question = readQuestion(query);
  if (!question) return respond(RCODE.formErr);

  const name = canonicalName(question.name);
  const entry = Object.entries(records).find(([key]) => canonicalName(key) === name)?.[1];
  if (!entry) return respond(RCODE.nxDomain, question);
  const values = question.type === TYPE_TXT && question.qclass === CLASS_IN ? (entry.TXT ?? []) : [];
  const answers = values.map(txtAnswer);
  const full = respond(RCODE.noError, question, answers);
  return full.length > limit ? respond(RCODE.noError, question, [], true) : full;
}

export interface LocalDnsServer {
  /** `127.0.0.1:<port>`, as `SITES_DNS_SERVERS` names it */
  address: string;
  stop: () => Promise<void>;
}

/** Starts the stand-in on one port for UDP and TCP (where resolvers ask), answering from `recordsFile`. */
export async function startDnsServer(options: {
  port: number;
  recordsFile: string;
  log?: (line: string) => void;
}): Promise<LocalDnsServer> {
  const { recordsFile } = options;
  const udp: Socket = createSocket('udp4');
  udp.on('message', (query, peer) => {
    const answer = answerQuery(query, readDnsRecords(recordsFile), UDP_LIMIT);
    if (answer) udp.send(answer, peer.port, peer.address);
  });
  udp.on('error', (error) => options.log?.(`dns: ${error.message}`));
  const connections = new Set<TcpSocket>();
  const tcp: Server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const query = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
        buffered = buffered.subarray(2 + query.length);
        const answer = answerQuery(query, readDnsRecords(recordsFile));
        if (!answer) return void socket.destroy();
        const length = Buffer.alloc(2);
        length.writeUInt16BE(answer.length);
        socket.write(Buffer.concat([length, answer]));
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(options.port, '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    address: `127.0.0.1:${options.port}`,
    stop: async () => {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
