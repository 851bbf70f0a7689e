// The live channel under long use and abuse, and streams under shutdown
// (issue 36's targets). Each part starts a fresh service (real data, 2
// workers; the REST rate limits off except in `abuse`) as a child process:
//
//   node dist/bench/live-abuse.js [--only typing,abuse,budget,shutdown] [--messages 3000] [--sentences 10]
//       [--seconds 60] [--phases reading,silent,pings] [--budget-factor 1] [--service DIR]
//
// typing:   `--messages` spellcheck messages over one connection, FLoRes
//           paragraphs (`--sentences` sentences each) typed word by word:
//           the text grows by a word a message, and a new paragraph starts
//           when one is done; the live budgets raised. Every answer is
//           compared, byte for byte, with REST's answer to the same text on
//           the same service.
// abuse:    the anonymous rate limits at their defaults (reconnecting costs
//           a request). 128 connections from 127.0.0.2-9 (16 each, the
//           per-client cap) on bare sockets, for `--seconds` in each phase:
//           'silent' never reads (the socket paused from the upgrade on) and
//           sends 1,000-token romanizations (answers about 58 times their
//           size) as fast as the client's budget lets it; 'pings' never
//           reads and floods 125-byte pings; 'reading', first, is the
//           control: the silent phase's work from clients that read
//           everything (127.0.2.2-9). A connection the service closes is
//           opened again after a second. RssAnon of the service every 250
//           ms, and 10 and 10-30 s after each phase; meanwhile an unrelated
//           REST client (127.0.0.10, a partner key without limits, in a
//           thread of its own) spellchecks ~100-word texts one at a time.
// budget:   one address with 16 connections, each sending as fast as the
//           budget lets it (a refused message is sent again after 50 ms; a
//           connection closed for refusals in a row is opened again),
//           for `--seconds`: answers against the per-client budget (burst +
//           rate x seconds). Then bursts of 30 new 1,000-word texts from 2
//           connections of one client (anonymous, then a partner key, whose
//           budget takes all 30), while the REST client sends as above.
// shutdown: SIGTERM once 20 streams, each from an address of its own (10
//           documents, every other one asking for br, and 10 batches,
//           spellcheck and romanization), have each sent a line; every
//           answer's raw bytes read to the close and parsed strictly
//           (test/http/chunked.ts); the service's exit code.
//
// `--budget-factor N`: the abusers' live budgets N times the defaults (a
// partner key's are 10 times), enough to fill the service's own buffers.
// `--service DIR`: measure another checkout's built service (to compare
// builds). Prints every figure, then the targets as a table (the figures go
// to bench/RESULTS.md by hand).

import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { brotliDecompressSync } from 'node:zlib';
import WebSocket from 'ws';
import { DEFAULTS } from '../src/config.js';
import { strictExchange } from '../test/http/chunked.js';
import {
  freshDevanagariTexts,
  freshRomanTexts,
  machine,
  median,
  memoryOf,
  percentile,
  readEval,
  ROOT,
  startService,
  threadCpuMs,
  wordShuffles,
} from './lib.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'typing,abuse,budget,shutdown' },
    messages: { type: 'string', default: '3000' },
    sentences: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    phases: { type: 'string', default: 'reading,silent,pings' },
    'budget-factor': { type: 'string', default: '1' },
    service: { type: 'string' },
  },
});
const ONLY = args.only!.split(',');
const SECONDS = Number(args.seconds);
/** The checkout whose built service is measured (another one's, to compare builds). */
const SERVICE = args.service === undefined ? ROOT : resolvePath(args.service);

/** The loopback addresses clients connect from (the service listens on 127.0.0.1; Linux routes all of 127/8 to lo). */
const ABUSERS = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
/** The control's clients: other addresses, whose budgets the abusers' do not share. */
const READERS = Array.from({ length: 8 }, (_, i) => `127.0.2.${i + 2}`);
/** The abusers' live budget: the defaults, times `--budget-factor` (the service is given the same). */
const ABUSE_BUDGET = (() => {
  const f = Number(args['budget-factor']);
  // The service's budgets are whole numbers (config.ts).
  if (!Number.isInteger(f) || f < 1) throw new Error(`--budget-factor ${args['budget-factor']}: a whole number, 1 or more`);
  return { messagesPerSecond: DEFAULTS.liveMessagesPerSecond * f, burst: DEFAULTS.liveBurst * f, charactersPerMinute: DEFAULTS.liveCharactersPerMinute * f };
})();
const REST_CLIENT = '127.0.0.10';
const BURST_CLIENT = '127.0.0.11';
const PARTNER_CLIENT = '127.0.0.12';
/** A dropped abusive connection is opened again after this long. */
const RECONNECT_MS = 1000;
const SPELLCHECK = '/api/v1/spellcheck/text';

interface Row {
  target: string;
  measured: string;
  met: boolean;
  /** The 1-minute load average at the start and the end of the part that measured it: the machine is shared. */
  load?: string;
}
const rows: Row[] = [];

function figures(xs: number[]): string {
  if (xs.length === 0) return 'n 0';
  return `n ${xs.length}, p50 ${percentile(xs, 50).toFixed(1)} ms, p90 ${percentile(xs, 90).toFixed(1)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
}

/** The 1-minute load average. */
const load1 = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;

const mib = (n: number): string => `${Math.round(n)} MiB`;

// ---- clients

/** Absolute milliseconds: comparable between this thread and the REST client's (performance.now() is per thread). */
const clock = (): number => performance.timeOrigin + performance.now();

/** A REST client on its own address: one keep-alive connection, one request at a time. */
class RestClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly url: string,
    private readonly localAddress: string,
    /** A partner key (unlimited): for a service whose anonymous limits are on. */
    private readonly key?: string,
  ) {}

  post(path: string, body: string): Promise<{ status: number; body: string; ms: number }> {
    const u = new URL(this.url + path);
    const t = performance.now();
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          agent: this.agent,
          localAddress: this.localAddress,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(this.key ? { 'x-api-key': this.key } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** One spellcheck of the REST probe: when it was sent (clock()), how long it took, its status (-1: no answer). */
interface Sample {
  at: number;
  ms: number;
  status: number;
}

/**
 * The unrelated REST client: spellchecks its texts in turn, one at a time,
 * in a thread of its own, so that what it measures is the service, not this
 * thread's event loop (busy with the abusive clients).
 */
class RestProbe {
  private readonly worker: Worker;

  constructor(url: string, address: string, texts: string[], key?: string) {
    this.worker = new Worker(new URL(import.meta.url), { workerData: { url, address, texts, key } });
  }

  private ask(what: 'samples' | 'stop'): Promise<Sample[]> {
    return new Promise((resolve) => {
      this.worker.once('message', resolve);
      this.worker.postMessage(what);
    });
  }

  samples(): Promise<Sample[]> {
    return this.ask('samples');
  }

  async stop(): Promise<Sample[]> {
    const all = await this.ask('stop');
    await this.worker.terminate();
    return all;
  }
}

/** The probe's side of RestProbe. */
async function probeThread(): Promise<void> {
  const { url, address, texts, key } = workerData as { url: string; address: string; texts: string[]; key?: string };
  const client = new RestClient(url, address, key);
  const samples: Sample[] = [];
  let running = true;
  parentPort!.on('message', (m: string) => {
    if (m === 'stop') running = false;
    else parentPort!.postMessage(samples);
  });
  for (let i = 0; running; i++) {
    const at = clock();
    try {
      const r = await client.post(SPELLCHECK, JSON.stringify({ text: texts[i % texts.length] }));
      samples.push({ at, ms: r.ms, status: r.status });
    } catch {
      samples.push({ at, ms: clock() - at, status: -1 });
    }
  }
  client.close();
  parentPort!.postMessage(samples);
}

/** The latencies and statuses of the samples sent in [from, to) (clock()). */
function between(samples: Sample[], from: number, to: number): { ms: number[]; statuses: Map<number, number> } {
  const ms: number[] = [];
  const statuses = new Map<number, number>();
  for (const s of samples) {
    if (s.at < from || s.at >= to) continue;
    ms.push(s.ms);
    statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
  }
  return { ms, statuses };
}

const statusList = (m: Map<number, number>): string => [...m].map(([s, n]) => `${s} x${n}`).join(', ');

function newLive(url: string, localAddress: string, headers: Record<string, string> = {}): WebSocket {
  return new WebSocket(url.replace('http', 'ws') + '/api/v1/live', { perMessageDeflate: false, localAddress, headers });
}

/** A reading connection: requests by id, each resolved with its reply frame as sent. */
class Conversation {
  private readonly waiting = new Map<number, { resolve: (frame: string) => void; reject: (e: Error) => void }>();
  private next = 1;
  /** The service's ready message came. */
  readonly ready: Promise<void>;

  constructor(readonly ws: WebSocket) {
    let onReady!: () => void;
    this.ready = new Promise((r) => (onReady = r));
    ws.on('message', (data) => {
      const frame = data.toString();
      const id = /^\{"id":(\d+),/.exec(frame);
      if (id === null) {
        if (frame.startsWith('{"op":"ready"')) onReady();
        return;
      }
      const w = this.waiting.get(Number(id[1]));
      this.waiting.delete(Number(id[1]));
      w?.resolve(frame);
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      for (const w of this.waiting.values()) w.reject(new Error('closed'));
      this.waiting.clear();
    });
  }

  /** A new connection, once its ready message came (listened for from the start: it may come with the upgrade's answer). */
  static async open(url: string, localAddress: string, headers: Record<string, string> = {}): Promise<Conversation> {
    const ws = newLive(url, localAddress, headers);
    const c = new Conversation(ws);
    await new Promise<void>((resolve, reject) => {
      void c.ready.then(resolve);
      ws.once('error', reject);
    });
    return c;
  }

  /** Sends `fields` as op `op`; the reply frame, and the id it was given (rejected if the connection is closing or closed). */
  ask(op: string, fields: Record<string, unknown>): { id: number; reply: Promise<string> } {
    const id = this.next++;
    // ws drops what is sent after the close began, and 'close' may have come already: no reply would ever come.
    if (this.ws.readyState !== WebSocket.OPEN) return { id, reply: Promise.reject(new Error('closed')) };
    const reply = new Promise<string>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.ws.send(JSON.stringify({ id, op, ...fields }));
    return { id, reply };
  }
}

/** The error code of a reply frame, or null for a result. */
function errorCode(frame: string): string | null {
  if (frame.includes('","result":')) return null;
  return /"error":\{"code":"(\w+)"/.exec(frame)?.[1] ?? 'UNREADABLE';
}

/** The service's /metrics, as name{labels} -> value. */
async function metrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(url + '/metrics')).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^(\w+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

/** The series of one metric by its label's value: `nls_live_dropped_total` -> {slow_reader: 3, ...}. */
function byLabel(m: Map<string, number>, name: string): string {
  const parts = [...m].filter(([k]) => k.startsWith(name + '{')).map(([k, v]) => `${/="([^"]*)"/.exec(k)?.[1]} ${v}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

/** RssAnon of a process every 250 ms, in MiB. */
class MemorySampler {
  readonly samples: { at: number; mib: number }[] = [];
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.take(), 250);
  }
  take(): number {
    const mib = memoryOf(this.pid).anon;
    this.samples.push({ at: clock(), mib });
    return mib;
  }
  between(from: number, to: number): number[] {
    return this.samples.filter((s) => s.at >= from && s.at < to).map((s) => s.mib);
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

/** CPU seconds the service's main thread and all its threads used since `before`. */
function cpuSince(pid: number, before: Map<number, number>): { main: number; all: number } {
  const after = threadCpuMs(pid);
  let all = 0;
  for (const [tid, ms] of after) all += ms - (before.get(tid) ?? 0);
  return { main: ((after.get(pid) ?? 0) - (before.get(pid) ?? 0)) / 1000, all: all / 1000 };
}

/** A partner key with no limits, in a file of its own for PARTNER_KEYS_FILE; remove() deletes it. */
function partnerKey(): { file: string; key: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'live-abuse-'));
  const key = randomBytes(24).toString('hex');
  const file = join(dir, 'partners.json');
  writeFileSync(file, JSON.stringify({ keys: [{ name: 'bench', key, per_minute: null }] }));
  return { file, key, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// ---- typing

async function typing(): Promise<void> {
  const flores = readEval('text/flores_dev.ne.txt');
  if (flores === null) {
    console.log('typing: no eval/text/flores_dev.ne.txt: skipped');
    return;
  }
  const sentences = flores.split('\n').filter((s) => s.trim() !== '');
  const per = Number(args.sentences);
  const texts: string[] = [];
  for (let p = 0; texts.length < Number(args.messages); p++) {
    const words = sentences
      .slice((p * per) % sentences.length, ((p * per) % sentences.length) + per)
      .join(' ')
      .split(/\s+/)
      .filter(Boolean);
    for (let k = 1; k <= words.length && texts.length < Number(args.messages); k++) texts.push(words.slice(0, k).join(' '));
  }
  const distinct = new Set(texts.flatMap((t) => t.split(' '))).size;
  const svc = await startService(
    { WORKERS: '2', LIVE_MESSAGES_PER_SECOND: '100000', LIVE_BURST: '1000000', LIVE_CHARACTERS_PER_MINUTE: '1000000000' },
    SERVICE,
  );
  try {
    const live = await Conversation.open(svc.url, '127.0.0.2');
    const rest = new RestClient(svc.url, '127.0.0.3');
    const errors = new Map<string, number>();
    let mismatches = 0;
    let firstMismatch = '';
    let firstError = '';
    const liveMs: number[] = [];
    const restMs: number[] = [];
    for (const [i, text] of texts.entries()) {
      const t = performance.now();
      const { id, reply } = live.ask('spellcheck', { text });
      const frame = await reply;
      liveMs.push(performance.now() - t);
      const r = await rest.post(SPELLCHECK, JSON.stringify({ text }));
      restMs.push(r.ms);
      const code = errorCode(frame);
      const error = code !== null ? `live ${code}` : r.status !== 200 ? `REST ${r.status}` : null;
      if (error !== null) {
        if (errors.size === 0) firstError = ` (the first at message ${i + 1}, ${text.split(' ').length} words)`;
        errors.set(error, (errors.get(error) ?? 0) + 1);
      }
      if (code === null && r.status === 200 && frame !== `{"id":${id},"op":"spellcheck","result":${r.body}}`) {
        if (mismatches++ === 0) firstMismatch = ` (the first at message ${i + 1}, ${text.split(' ').length} words)`;
      }
    }
    live.ws.close();
    rest.close();
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `typing: ${texts.length} messages, paragraphs of ${per} FLoRes sentences typed word by word (${distinct} distinct words; the connection keeps 1,024)`,
    );
    console.log(`  live ${figures(liveMs)}; REST ${figures(restMs)}`);
    console.log(
      `  errors: ${errorCount === 0 ? 'none' : [...errors].map(([c, n]) => `${c} ${n}`).join(', ') + firstError}; answers differing from REST's: ${mismatches}${firstMismatch}`,
    );
    rows.push({ target: `typing ${texts.length} messages word by word: zero errors`, measured: `${errorCount} errors`, met: errorCount === 0 });
    rows.push({ target: "every live answer equal to REST's", measured: `${mismatches} of ${texts.length} differ`, met: mismatches === 0 });
  } finally {
    await svc.stop();
  }
}

// ---- abuse

/**
 * A live connection on a bare socket from `localAddress`: the upgrade, then
 * (unless `read`) the socket paused, so nothing the service sends is ever
 * read, the ready message included.
 */
function rawLive(port: number, localAddress: string, read: boolean): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const sock = connect({ port, host: '127.0.0.1', localAddress });
    let head = Buffer.alloc(0);
    const onHead = (c: Buffer): void => {
      head = Buffer.concat([head, c]);
      if (head.indexOf('\r\n\r\n') < 0) return;
      sock.off('data', onHead);
      if (head.subarray(0, 12).toString('latin1') !== 'HTTP/1.1 101') {
        sock.destroy();
        reject(new Error(head.subarray(0, head.indexOf('\r\n')).toString('latin1')));
        return;
      }
      if (read) sock.on('data', () => {});
      else sock.pause();
      resolve(sock);
    };
    sock.on('data', onHead);
    sock.once('error', reject);
    sock.write(
      `GET /api/v1/live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

/** A client's frame (RFC 6455 5.2): final, masked with the key 0 (the payload as it is), under 64 KiB. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? [0x80 | opcode, 0x80 | n] : [0x80 | opcode, 0x80 | 126, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from(head), Buffer.alloc(4), payload]);
}

/** 128 pings of 125 bytes, written as one. */
const PINGS = Buffer.concat(Array.from({ length: 128 }, () => clientFrame(0x9, Buffer.alloc(125, 0x70))));

/**
 * 'reading': the control, clients that read everything; 'silent': never
 * reading; both send romanizations as fast as their client's budget lets
 * them. 'pings': never reading, flooding pings.
 */
type AbuseMode = 'reading' | 'silent' | 'pings';

/**
 * One client: `CAP` connections from one address. In 'reading' and
 * 'silent' it sends 1,000-token romanizations as fast as the client's
 * budget (ABUSE_BUDGET, mirrored here) lets it, to its connections in turn;
 * in 'pings' each connection writes pings as fast as the socket takes them.
 * A connection the service closes (noticed when a write fails, as nothing
 * is read) is opened again after RECONNECT_MS.
 */
class Abuser {
  static readonly CAP = DEFAULTS.liveMaxConnectionsPerClient;
  private readonly conns: (Socket | null)[] = [];
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  opened = 0;
  closedByService = 0;
  refusedUpgrades = 0;
  sent = 0;
  // The client's message and character buckets, as the service keeps them (live-budgets.ts).
  private messageTokens = ABUSE_BUDGET.burst;
  private characterTokens = ABUSE_BUDGET.charactersPerMinute;
  private refilledAt = performance.now();
  private turn = 0;
  private nextText: number;

  constructor(
    private readonly port: number,
    private readonly address: string,
    private readonly mode: AbuseMode,
    private readonly texts: string[],
    offset: number,
  ) {
    this.nextText = offset;
  }

  async start(): Promise<void> {
    await Promise.all(Array.from({ length: Abuser.CAP }, (_, i) => this.connect(i)));
    if (this.mode !== 'pings') {
      this.refilledAt = performance.now();
      const t = setInterval(() => this.sendWithinBudget(), 50);
      this.timers.add(t);
    }
  }

  private later(f: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      f();
    }, RECONNECT_MS);
    this.timers.add(t);
  }

  private async connect(i: number): Promise<void> {
    if (this.stopped) return;
    let sock: Socket;
    try {
      sock = await rawLive(this.port, this.address, this.mode === 'reading');
    } catch {
      this.refusedUpgrades++;
      this.later(() => void this.connect(i));
      return;
    }
    if (this.stopped) {
      sock.destroy();
      return;
    }
    this.opened++;
    this.conns[i] = sock;
    sock.on('error', () => {});
    sock.on('close', () => {
      if (this.conns[i] === sock) this.conns[i] = null;
      if (this.stopped) return;
      this.closedByService++;
      this.later(() => void this.connect(i));
    });
    if (this.mode === 'pings') {
      const flood = (): void => {
        while (!sock.destroyed) {
          this.sent += 128;
          if (!sock.write(PINGS)) return;
        }
      };
      sock.on('drain', flood);
      flood();
    }
  }

  /** Sends whatever the client's buckets pay for. */
  private sendWithinBudget(): void {
    const now = performance.now();
    const ms = now - this.refilledAt;
    this.refilledAt = now;
    this.messageTokens = Math.min(ABUSE_BUDGET.burst, this.messageTokens + (ms * ABUSE_BUDGET.messagesPerSecond) / 1000);
    this.characterTokens = Math.min(ABUSE_BUDGET.charactersPerMinute, this.characterTokens + (ms * ABUSE_BUDGET.charactersPerMinute) / 60_000);
    for (;;) {
      const payload = Buffer.from(JSON.stringify({ id: this.sent + 1, op: 'romanize', text: this.texts[this.nextText % this.texts.length] }));
      // 2% more than the service counts: its buckets began before this one, so none of these is refused for the budget.
      const cost = payload.length * 1.02;
      if (this.messageTokens < 1 || this.characterTokens < cost) return;
      const sock = this.nextConnection();
      if (sock === null) return;
      sock.write(clientFrame(0x1, payload));
      this.sent++;
      this.nextText++;
      this.messageTokens -= 1;
      this.characterTokens -= cost;
    }
  }

  private nextConnection(): Socket | null {
    for (let k = 0; k < this.conns.length; k++) {
      const sock = this.conns[this.turn++ % this.conns.length];
      if (sock && !sock.destroyed) return sock;
    }
    return null;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    for (const sock of this.conns) sock?.destroy();
  }
}

/** What /metrics says of the process's memory, MiB: V8 heaps (all threads) used and committed, and memory outside them. */
function heaps(m: Map<string, number>): string {
  const v = (k: string): string => ((m.get(k) ?? NaN) / 2 ** 20).toFixed(0);
  return `heaps ${v('nls_memory_heap_used_bytes')} used / ${v('nls_memory_heap_committed_bytes')} committed, external ${v('nls_memory_external_bytes')}`;
}

/** The live messages by outcome between two readings of /metrics. */
function outcomesSince(before: Map<string, number>, after: Map<string, number>): string {
  const parts: string[] = [];
  for (const [k, v] of after) {
    if (!k.startsWith('nls_live_messages_total{')) continue;
    const d = v - (before.get(k) ?? 0);
    if (d > 0) parts.push(`${/="([^"]*)"/.exec(k)?.[1]} ${d}`);
  }
  return parts.join(', ') || 'none';
}

async function abuse(): Promise<void> {
  const roman = freshRomanTexts(100, 1000, 0);
  if (roman === null || roman.length === 0) {
    console.log('abuse: no eval/romanization/sentence_pairs.tsv: skipped');
    return;
  }
  const restTexts = (await freshDevanagariTexts(40, 100)).texts;
  // The anonymous rate limits as deployed (a reconnection is a request); the REST client is a partner with none.
  const partner = partnerKey();
  const limits = { RATE_LIMIT_PER_MINUTE: String(DEFAULTS.rateLimitPerMinute), RATE_LIMIT_PER_DAY: String(DEFAULTS.rateLimitPerDay) };
  const budget = {
    LIVE_MESSAGES_PER_SECOND: String(ABUSE_BUDGET.messagesPerSecond),
    LIVE_BURST: String(ABUSE_BUDGET.burst),
    LIVE_CHARACTERS_PER_MINUTE: String(ABUSE_BUDGET.charactersPerMinute),
  };
  const svc = await startService({ WORKERS: '2', ...limits, ...budget, PARTNER_KEYS_FILE: partner.file }, SERVICE);
  const port = Number(new URL(svc.url).port);
  const memory = new MemorySampler(svc.pid);
  let probe: RestProbe | null = null;
  try {
    // Warm: the REST client's texts, and every romanization the clients send.
    const warm = new RestClient(svc.url, REST_CLIENT, partner.key);
    for (const t of restTexts) await warm.post(SPELLCHECK, JSON.stringify({ text: t }));
    for (const t of roman) await warm.post('/api/v1/romanization/resolve', JSON.stringify({ text: t }));
    warm.close();
    probe = new RestProbe(svc.url, REST_CLIENT, restTexts, partner.key);
    const unsent: { at: number; bytes: number }[] = [];
    const watch = setInterval(() => {
      void metrics(svc.url).then(
        (m) => unsent.push({ at: clock(), bytes: m.get('nls_live_unsent_bytes') ?? 0 }),
        () => {},
      );
    }, 1000);
    const idleFrom = clock();
    await sleep(15_000);
    const idleTo = clock();
    const idleMiB = median(memory.between(idleFrom, idleTo));
    const idleLatency = between(await probe.samples(), idleFrom, idleTo).ms;
    const idleP90 = percentile(idleLatency, 90);
    console.log(
      `abuse: idle, warmed, before any live connection: RssAnon ${mib(idleMiB)} (median of 15 s; ${heaps(await metrics(svc.url))}); REST client ${figures(idleLatency)}`,
    );
    let afterControl = idleMiB;
    for (const mode of args.phases!.split(',') as AbuseMode[]) {
      const loadFrom = load1();
      const m0 = await metrics(svc.url);
      const cpu = threadCpuMs(svc.pid);
      const clientCpu = process.cpuUsage();
      const from = clock();
      const abusers = (mode === 'reading' ? READERS : ABUSERS).map((a, i) => new Abuser(port, a, mode, roman, i * 7));
      await Promise.all(abusers.map((a) => a.start()));
      const openedAt = clock();
      await sleep(SECONDS * 1000 - (openedAt - from));
      const mEnd = await metrics(svc.url);
      for (const a of abusers) a.stop();
      const to = clock();
      const phaseLoad = `${loadFrom} -> ${load1()}`;
      const used = cpuSince(svc.pid, cpu);
      const client = process.cpuUsage(clientCpu);
      await sleep(10_000);
      const after = memory.take();
      const mAfter = await metrics(svc.url);
      const peak = Math.max(...memory.between(from, clock()));
      // The next 20 s, for the spread of the figure: the heaps are collected when V8 decides to.
      const tenAfter = clock();
      await sleep(20_000);
      const next = memory.between(tenAfter, clock());
      const samples = await probe.samples();
      const during = between(samples, from, to);
      const later = between(samples, to, to + 10_000);
      const sum = (f: (a: Abuser) => number): number => abusers.reduce((n, a) => n + f(a), 0);
      const maxUnsent = Math.max(0, ...unsent.filter((u) => u.at >= from && u.at <= to).map((u) => u.bytes));
      const name = {
        reading: 'reading (the control), romanizing at the budget',
        silent: 'never reading, romanizing at the budget',
        pings: 'flooding pings, never reading the pongs',
      }[mode];
      console.log(
        `abuse, ${name}: ${abusers.length * Abuser.CAP} connections from ${abusers.length} addresses for ${SECONDS} s (all open after ${((openedAt - from) / 1000).toFixed(1)} s; load ${phaseLoad})`,
      );
      console.log(
        `  ${mode === 'pings' ? 'pings' : 'messages'} sent ${sum((a) => a.sent)}; connections opened ${sum((a) => a.opened)}, closed by the service ${sum((a) => a.closedByService)}, upgrades refused ${sum((a) => a.refusedUpgrades)}; live messages by outcome: ${outcomesSince(m0, mEnd)}`,
      );
      console.log(
        `  RssAnon: peak ${mib(peak)}, 10 s after all closed ${mib(after)} (${signed(after - idleMiB)} against idle), from 10 to 30 s after ${mib(Math.min(...next))}-${mib(Math.max(...next))}; unsent live bytes at most ${(maxUnsent / 2 ** 20).toFixed(1)} MiB (/metrics each second)`,
      );
      console.log(`  at the end: ${heaps(mEnd)}; 10 s after: ${heaps(mAfter)}`);
      console.log(
        `  CPU: service ${used.all.toFixed(1)} s (main thread ${used.main.toFixed(1)} s), this client ${((client.user + client.system) / 1e6).toFixed(1)} s, of ${SECONDS} s x 2 cores`,
      );
      console.log(`  REST client during: ${figures(during.ms)}, statuses ${statusList(during.statuses)}; in the 10 s after: ${figures(later.ms)}`);
      const p90 = percentile(during.ms, 90);
      const latency = `p90 ${p90.toFixed(1)} ms against ${idleP90.toFixed(1)} ms idle (${(p90 / idleP90).toFixed(2)}x); p50 ${percentile(during.ms, 50).toFixed(1)} against ${percentile(idleLatency, 50).toFixed(1)} ms`;
      if (mode === 'reading') {
        afterControl = after;
        console.log(`  (the control: what the same work leaves when every reply is read; RssAnon ${signed(after - idleMiB)}; REST client ${latency})`);
        continue;
      }
      rows.push({
        target: `${name}: RssAnon under 400 MiB throughout`,
        measured: `peak ${mib(peak)} (idle ${mib(idleMiB)})`,
        met: peak < 400,
        load: phaseLoad,
      });
      rows.push({
        target: `${name}: back within 50 MiB of idle 10 s after they close`,
        measured: `${mib(after)}: ${signed(after - idleMiB)} against idle before any live connection, ${signed(after - afterControl)} against the control's after-figure (${mib(afterControl)})`,
        met: after - idleMiB <= 50,
        load: phaseLoad,
      });
      rows.push({ target: `${name}: another client's p90 within 2x idle`, measured: latency, met: p90 <= 2 * idleP90, load: phaseLoad });
    }
    clearInterval(watch);
    const m = await metrics(svc.url);
    console.log(`  nls_live_dropped_total: ${byLabel(m, 'nls_live_dropped_total')}; connections opened in all ${m.get('nls_live_connections_opened_total')}`);
    // The service quiet at last (the REST client stopped too): what V8 gives back once nothing allocates.
    await probe.stop();
    probe = null;
    const quietFrom = clock();
    await sleep(30_000);
    const quiet = memory.between(quietFrom, clock());
    console.log(
      `  then nothing at all for 30 s: RssAnon ${mib(quiet[0]!)} at first, ${mib(quiet.at(-1)!)} at the end (${signed(quiet.at(-1)! - idleMiB)} against idle); ${heaps(await metrics(svc.url))}`,
    );
  } finally {
    memory.stop();
    await probe?.stop();
    await svc.stop();
    partner.remove();
  }
}

const signed = (n: number): string => `${n >= 0 ? '+' : ''}${Math.round(n)} MiB`;

// ---- budget

async function budget(): Promise<void> {
  const words = (await freshDevanagariTexts(10, 1000)).texts.join(' ').split(' ');
  const svc = await startService({ WORKERS: '2' }, SERVICE);
  try {
    const conns = await Promise.all(Array.from({ length: Abuser.CAP }, () => Conversation.open(svc.url, ABUSERS[0]!)));
    const answered: number[] = [];
    const refused = new Map<string, number>();
    let dropped = 0;
    const from = performance.now();
    const end = from + SECONDS * 1000;
    let w = 0;
    await Promise.all(
      conns.map(async (_, i) => {
        while (performance.now() < end) {
          let frame: string;
          try {
            frame = await conns[i]!.ask('spellcheck_word', { word: words[w++ % words.length] }).reply;
          } catch {
            // Closed by the service (a hundred refusals in a row): opened again once the client's cap has room.
            dropped++;
            for (;;) {
              try {
                conns[i] = await Conversation.open(svc.url, ABUSERS[0]!);
                break;
              } catch {
                await sleep(RECONNECT_MS);
              }
            }
            continue;
          }
          const code = errorCode(frame);
          if (code === null) answered.push(performance.now());
          else {
            refused.set(code, (refused.get(code) ?? 0) + 1);
            await sleep(50);
          }
        }
      }),
    );
    for (const c of conns) c.ws.close();
    const inWindow = answered.filter((t) => t < end).length;
    const allowed = DEFAULTS.liveBurst + DEFAULTS.liveMessagesPerSecond * SECONDS;
    const budgetText = `${DEFAULTS.liveBurst} + ${DEFAULTS.liveMessagesPerSecond}/s x ${SECONDS} s = ${allowed}`;
    console.log(
      `budget: one address, ${conns.length} connections, each as fast as the budget allows for ${SECONDS} s: ${inWindow} answers, against the per-client budget of ${budgetText}; refused ${[...refused].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}; connections dropped ${dropped}`,
    );
    rows.push({
      target: `one address, ${conns.length} connections, ${SECONDS} s: no more answers than the per-client budget`,
      measured: `${inWindow} answers (budget ${budgetText})`,
      met: inWindow <= allowed,
    });
  } finally {
    await svc.stop();
  }
  await bursts();
}

/** Bursts each of the two bursting clients sends, 5 s apart. */
const BURSTS = 5;

/** Bursts of 30 new large texts from 2 connections of one client, anonymous and partner, while an unrelated REST client sends ~100-word texts. */
async function bursts(): Promise<void> {
  const partner = partnerKey();
  const key = partner.key;
  const pool = (await freshDevanagariTexts(60, 1000)).texts.flatMap((t) => t.split(' '));
  const restTexts = (await freshDevanagariTexts(40, 100)).texts;
  const svc = await startService({ WORKERS: '2', PARTNER_KEYS_FILE: partner.file }, SERVICE);
  let probe: RestProbe | null = null;
  try {
    const warm = new RestClient(svc.url, REST_CLIENT);
    for (const t of restTexts) await warm.post(SPELLCHECK, JSON.stringify({ text: t }));
    warm.close();
    probe = new RestProbe(svc.url, REST_CLIENT, restTexts);
    const idleFrom = clock();
    await sleep(10_000);
    const idle = between(await probe.samples(), idleFrom, clock()).ms;
    console.log(`bursts: REST client idle ${figures(idle)}`);
    const windows: [number, number][] = [];
    let seed = 1;
    for (const who of ['anonymous', 'partner'] as const) {
      const outcomes = new Map<string, number>();
      for (let b = 0; b < BURSTS; b++) {
        const texts = wordShuffles(pool, 30, seed++);
        const address = who === 'anonymous' ? BURST_CLIENT : PARTNER_CLIENT;
        const headers: Record<string, string> = who === 'anonymous' ? {} : { 'x-api-key': key };
        const pair = await Promise.all([0, 1].map(() => Conversation.open(svc.url, address, headers)));
        const from = clock();
        const frames = await Promise.all(texts.map((text, i) => pair[i % 2]!.ask('spellcheck', { text }).reply));
        const to = clock();
        windows.push([from, to]);
        for (const f of frames) outcomes.set(errorCode(f) ?? 'OK', (outcomes.get(errorCode(f) ?? 'OK') ?? 0) + 1);
        for (const c of pair) c.ws.close();
        const health = (await (await fetch(svc.url + '/api/v1/health')).json()) as { status: string };
        const d = between(await probe.samples(), from, to);
        console.log(
          `  ${who} burst ${b + 1}: 30 texts of 1,000 words from 2 connections answered in ${(to - from).toFixed(0)} ms; REST client meanwhile ${figures(d.ms)}, ${statusList(d.statuses)}; health after: ${health.status}`,
        );
        await sleep(5000);
      }
      console.log(`  ${who}: outcomes ${[...outcomes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
    }
    const samples = await probe.stop();
    probe = null;
    const during: number[] = [];
    const statuses = new Map<number, number>();
    for (const [from, to] of windows) {
      const d = between(samples, from, to);
      during.push(...d.ms);
      for (const [s, n] of d.statuses) statuses.set(s, (statuses.get(s) ?? 0) + n);
    }
    const all503 = samples.filter((s) => s.status === 503).length;
    const m = await metrics(svc.url);
    console.log(
      `  REST client during the bursts: ${figures(during)}, statuses ${statusList(statuses)}; 503s over the whole run ${all503} of ${samples.length}; nls_pool_jobs_refused_total ${m.get('nls_pool_jobs_refused_total')}, refused after waiting ${m.get('nls_pool_jobs_refused_waiting_total')}`,
    );
    rows.push({
      target: "an unrelated REST client during another client's burst of 30 large texts: no 503",
      measured: `${all503} 503s of ${samples.length}; during the bursts ${figures(during)} (idle p50 ${percentile(idle, 50).toFixed(1)}, p90 ${percentile(idle, 90).toFixed(1)} ms)`,
      met: all503 === 0,
    });
  } finally {
    await probe?.stop();
    await svc.stop();
    partner.remove();
  }
}

// ---- shutdown

interface Stream {
  kind: 'document' | 'document br' | 'spellcheck batch' | 'romanization batch';
  request: Buffer;
  items: number;
}

function rawPost(path: string, body: string, contentType: string, extra = ''): Buffer {
  const b = Buffer.from(body);
  return Buffer.concat([
    Buffer.from(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${b.length}\r\n${extra}\r\n`),
    b,
  ]);
}

function streams(): Stream[] {
  const prompts = readFileSync(join(ROOT, 'data/google-language-resources-ne/prompts.tsv'), 'utf8')
    .split('\n')
    .map((l) => l.split('\t')[1])
    .filter((s): s is string => Boolean(s));
  const flores = readEval('text/flores_dev.ne.txt')?.split('\n').filter(Boolean) ?? prompts;
  const perDoc = Math.floor(flores.length / 10);
  const roman = freshRomanTexts(1000, 10, 0);
  const out: Stream[] = [];
  for (let k = 0; k < 10; k++) {
    const doc = flores.slice(k * perDoc, (k + 1) * perDoc).join('\n');
    out.push({
      kind: k % 2 ? 'document br' : 'document',
      request: rawPost('/api/v1/spellcheck/document', doc, 'text/plain; charset=utf-8', k % 2 ? 'Accept-Encoding: br\r\n' : ''),
      items: 0,
    });
    // The odd ones romanization batches (200 sentences each), when the eval's romanized sentences are there.
    const romanItems = k % 2 ? roman?.slice(((k - 1) / 2) * 200, ((k + 1) / 2) * 200) : undefined;
    if (romanItems?.length === 200) {
      out.push({
        kind: 'romanization batch',
        request: rawPost('/api/v1/romanization/batch', JSON.stringify({ items: romanItems.map((text, id) => ({ id, text })) }), 'application/json'),
        items: 200,
      });
    } else {
      const items = prompts.slice(k * 200, k * 200 + 200).map((text, id) => ({ id, text }));
      out.push({ kind: 'spellcheck batch', request: rawPost('/api/v1/spellcheck/batch', JSON.stringify({ items }), 'application/json'), items: items.length });
    }
  }
  return out;
}

/** What is wrong with a stream's lines (null: nothing): every line JSON; a document's pieces in order, its totals last; a batch's every item once. */
function checkLines(s: Stream, body: string): string | null {
  if (!body.endsWith('\n')) return 'the last line is not terminated';
  let lines: Record<string, unknown>[];
  try {
    lines = body
      .slice(0, -1)
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  } catch (e) {
    return `a line is not JSON: ${(e as Error).message}`;
  }
  if (s.items === 0) {
    const totals = lines.at(-1)?.totals as { pieces: number; failed: number } | undefined;
    if (!totals) return 'no totals line last';
    if (totals.failed !== 0) return `${totals.failed} pieces failed`;
    if (lines.length !== totals.pieces + 1) return `${lines.length - 1} piece lines for ${totals.pieces} pieces`;
    if (lines.slice(0, -1).some((l, i) => l.piece !== i || l.error !== undefined)) return 'pieces out of order or failed';
    return null;
  }
  const ids = new Set(lines.filter((l) => l.result !== undefined).map((l) => l.id));
  return lines.length === s.items && ids.size === s.items ? null : `${lines.length} lines, ${ids.size} items answered of ${s.items}`;
}

async function shutdown(): Promise<void> {
  const all = streams();
  // Every stream admitted however busy the machine: this part is of the drain, not of overload.
  const svc = await startService({ WORKERS: '2', QUEUE_MAX_WAIT_MS: '600000' }, SERVICE);
  const exited = new Promise<number | null>((r) => svc.child.once('exit', (code) => r(code)));
  const port = Number(new URL(svc.url).port);
  let started = 0;
  let allStarted!: () => void;
  const streaming = new Promise<void>((r) => (allStarted = r));
  const lastByte: number[] = all.map(() => 0);
  const answers = all.map((s, i) => {
    let seen = false;
    // Each stream a client of its own, as 20 users would be: the pool serves them in turn.
    return strictExchange(
      port,
      s.request,
      (soFar) => {
        lastByte[i] = performance.now();
        // The first line: a document's first piece, a batch's first item (br: the first compressed bytes).
        const he = soFar.indexOf('\r\n\r\n');
        if (
          !seen &&
          he > 0 &&
          soFar.subarray(0, 12).toString() === 'HTTP/1.1 200' &&
          (s.kind === 'document br' ? soFar.length > he + 16 : soFar.includes('\n{', he))
        ) {
          seen = true;
          if (++started === all.length) allStarted();
        }
      },
      `127.0.1.${i + 1}`,
    ).then(
      (r) => ({ ok: true as const, r, closedAt: performance.now() }),
      (e: Error) => ({ ok: false as const, error: e.message, closedAt: performance.now() }),
    );
  });
  const t0 = performance.now();
  await Promise.race([streaming, sleep(120_000)]);
  const startedAfter = performance.now() - t0;
  const termAt = performance.now();
  svc.child.kill('SIGTERM');
  const results = await Promise.all(answers);
  const code = await exited;
  const exitMs = performance.now() - termAt;
  let valid = 0;
  let endedBefore = 0;
  for (const [i, x] of results.entries()) {
    const s = all[i]!;
    if (lastByte[i]! < termAt) endedBefore++;
    let problem: string | null;
    if (!x.ok) problem = `framing: ${x.error}`;
    else if (x.r.status !== 200) problem = `HTTP ${x.r.status}`;
    else {
      const body = s.kind === 'document br' ? brotliDecompressSync(x.r.body).toString('utf8') : x.r.body.toString('utf8');
      problem = checkLines(s, body);
    }
    if (problem === null) valid++;
    const head = x.ok ? `${x.r.body.length} bytes, Connection: ${x.r.headers.connection ?? '(none)'}` : '';
    console.log(
      `  ${String(i + 1).padStart(2)} ${s.kind.padEnd(18)} last byte ${(lastByte[i]! - termAt).toFixed(0).padStart(6)} ms after SIGTERM, closed ${(x.closedAt - termAt).toFixed(0)} ms after; ${head}: ${problem ?? 'valid'}`,
    );
  }
  console.log(
    `shutdown: SIGTERM ${startedAfter.toFixed(0)} ms after the requests, once ${started} of ${all.length} streams had sent a line; ${endedBefore} had ended before it; ${valid} of ${all.length} valid; exit code ${code} after ${exitMs.toFixed(0)} ms`,
  );
  rows.push({
    target: `SIGTERM during ${all.length} document and batch streams: every stream's framing valid (every line, totals last), exit 0`,
    measured: `${valid} of ${all.length} valid (${all.length - endedBefore} still streaming at SIGTERM), exit ${code}`,
    met: valid === all.length && code === 0,
  });
}

if (isMainThread) {
  console.log(`${machine()}; ${new Date().toISOString()}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  for (const [name, part] of [
    ['typing', typing],
    ['abuse', abuse],
    ['budget', budget],
    ['shutdown', shutdown],
  ] as const) {
    if (!ONLY.includes(name)) continue;
    const first = rows.length;
    const from = load1();
    console.log(`(${name}: load ${from} at the start)`);
    await part();
    const load = `${from} -> ${load1()}`;
    console.log(`(${name}: load ${load})`);
    for (const r of rows.slice(first)) r.load ??= load;
  }
  console.log('\n| target | measured | met? | load (1 min) |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.target} | ${r.measured} | ${r.met ? 'yes' : 'no'} | ${r.load} |`);
} else await probeThread();
