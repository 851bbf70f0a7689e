// Issue 24's targets for heavy clients, measured against the running
// service with a node:http client (keep-alive; answers decoded as a client
// would, decompression included):
//   compression  a 1,000-token romanization answer, identity / br / gzip
//                in turn, one at a time: bytes and p50 latency;
//   document     a 100,000-word document (FLoRes sentences and corpus
//                words, shuffled with a new seed each run) through
//                /spellcheck/document: time to the first line and in all,
//                against the same pieces sent one at a time to
//                /spellcheck/text on one connection; resident memory;
//   batch        1,000 single words through /spellcheck/batch against
//                1,000 GET /spellcheck/word on one keep-alive connection.
//
//   node dist/bench/heavy-clients.js [--only compression,document,batch] [--runs 200] [--words 100000] [--seed N] [--cache-mb N]
//
// --cache-mb 0 runs the service without its per-thread engine caches: the
// document's speed-up then shows what the parallel pieces gain when neither
// path is helped by a warm cache (one at a time, every piece goes to the
// same idle thread, whose cache learns the document's repeated words once).

import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { machine, median, memoryOf, percentile, readEval, romanText, startService, threadCpuMs, type RunningService } from './lib.js';
import { prng } from '../test/integration/random.js';
import { splitDocument } from '../src/dispatch/split.js';
import { PIECE_LIMITS } from '../src/schemas/document.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    runs: { type: 'string', default: '200' },
    words: { type: 'string', default: '100000' },
    seed: { type: 'string' },
    workers: { type: 'string', default: '2' },
    'cache-mb': { type: 'string' },
  },
});
const only = args.only?.split(',');
const wants = (name: string): boolean => !only || only.includes(name);
const RUNS = Number(args.runs);
const SEED = Number(args.seed ?? Date.now() % 1_000_000);

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes on the wire. */
  wire: number;
  body: Buffer;
  /** ms from sending to the first body bytes. */
  firstMs: number;
  /** ms from sending to the last byte (what the service and the network cost). */
  lastByteMs: number;
  /** ms from sending to the decoded body (what a client that decompresses waits). */
  ms: number;
}

/** One request on the keep-alive connection; the body decoded as Content-Encoding says. */
function send(url: string, method: string, body: string | Buffer | undefined, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let firstMs = -1;
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        if (firstMs < 0) firstMs = performance.now() - t0;
        chunks.push(c);
      });
      res.on('end', () => {
        const lastByteMs = performance.now() - t0;
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const decoded = enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode!, headers: res.headers, wire: raw.length, body: decoded, firstMs, lastByteMs, ms: performance.now() - t0 });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const lines: string[] = [
  `Date: ${new Date().toISOString()}; machine: ${machine()}; ${args.workers} workers; seed ${SEED}${args['cache-mb'] ? `; CACHE_MB=${args['cache-mb']}` : ''}`,
  '',
];
const say = (s = ''): void => {
  lines.push(s);
  console.error(s);
};

async function compression(svc: RunningService): Promise<void> {
  const { text, source } = romanText(1000);
  const body = JSON.stringify({ text });
  const url = `${svc.url}/api/v1/romanization/resolve`;
  const codings = ['identity', 'br', 'gzip'] as const;
  const times = new Map<string, number[]>(codings.map((c) => [c, []]));
  const lastByte = new Map<string, number[]>(codings.map((c) => [c, []]));
  const wire = new Map<string, number>();
  let plain: Buffer | null = null;
  for (let i = 0; i < 40; i++) for (const c of codings) await send(url, 'POST', body, { 'content-type': 'application/json', 'accept-encoding': c });
  for (let i = 0; i < RUNS; i++) {
    for (const c of codings) {
      const a = await send(url, 'POST', body, { 'content-type': 'application/json', 'accept-encoding': c });
      if (a.status !== 200) throw new Error(`HTTP ${a.status}`);
      plain ??= a.body;
      if (!a.body.equals(plain)) throw new Error(`${c}: the answer differs`);
      times.get(c)!.push(a.ms);
      lastByte.get(c)!.push(a.lastByteMs);
      wire.set(c, a.wire);
    }
  }
  say(`### Compression: a 1,000-token romanization answer (${source}), ${RUNS} requests each, in turn, one at a time on one keep-alive connection`);
  say();
  say('| Accept-Encoding | bytes on the wire | share | to the last byte: p50 ms | p50 − identity | decoded: p50 ms | p50 − identity | decoded p90 ms |');
  say('|---|---:|---:|---:|---:|---:|---:|---:|');
  const p50 = (m: Map<string, number[]>, c: string): number => percentile(m.get(c)!, 50);
  for (const c of codings) {
    say(
      `| ${c} | ${wire.get(c)} | 1/${(wire.get('identity')! / wire.get(c)!).toFixed(1)} | ${p50(lastByte, c).toFixed(2)} | ${(p50(lastByte, c) - p50(lastByte, 'identity')).toFixed(2)} | ${p50(times, c).toFixed(2)} | ${(p50(times, c) - p50(times, 'identity')).toFixed(2)} | ${percentile(times.get(c)!, 90).toFixed(2)} |`,
    );
  }
  say();
}

/** `words` words of FLoRes sentences and sentences of corpus words, shuffled into paragraphs. */
function documentText(words: number, seed: number): string {
  const rand = prng(seed);
  const flores = (readEval('text/flores_dev.ne.txt') ?? '').split('\n').filter(Boolean);
  const corpus = (readEval('text/corpus_frequent_words.txt') ?? '').split(/\s+/).filter(Boolean);
  if (flores.length === 0 || corpus.length === 0) throw new Error('the document benchmark needs ../shared/eval/text (FLoRes and the corpus words)');
  const paragraphs: string[] = [];
  let n = 0;
  while (n < words) {
    const sentences: string[] = [];
    for (let k = 3 + Math.floor(rand() * 5); k > 0 && n < words; k--) {
      const s =
        rand() < 0.6
          ? flores[Math.floor(rand() * flores.length)]!
          : Array.from({ length: 6 + Math.floor(rand() * 10) }, () => corpus[Math.floor(rand() * corpus.length)]).join(' ') + '।';
      sentences.push(s);
      n += s.split(/\s+/).length;
    }
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}

/**
 * CPU ms the service's threads used since `before`: the main thread, then
 * the others busiest first (the worker threads, then V8's helpers), as
 * "main / a + b + ...". Each worker thread has its own engine caches.
 */
function cpuSince(before: Map<number, number>): string {
  const pid = [...before.keys()].reduce((a, b) => Math.min(a, b));
  const used = [...threadCpuMs(pid)].map(([tid, ms]) => [tid, ms - (before.get(tid) ?? 0)] as const);
  const others = used
    .filter(([tid, ms]) => tid !== pid && ms > 0)
    .map(([, ms]) => ms)
    .sort((a, b) => b - a);
  return `${used.find(([tid]) => tid === pid)?.[1] ?? 0} / ${others.slice(0, 4).join(' + ') || 0}`;
}

/** The document's lines, parsed. */
function ndjson(a: Answer): { piece?: number; start: number; end: number; totals?: { pieces: number; words: number; failed: number } }[] {
  return a.body
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

async function documents(svc: RunningService): Promise<void> {
  const words = Number(args.words);
  const url = `${svc.url}/api/v1/spellcheck/document`;
  const plain = { 'content-type': 'text/plain; charset=utf-8' };
  const idle = memoryOf(svc.pid).anon;
  // A first document warms both paths (JIT, the FLoRes words every document shares); each measured one is new.
  const warm = documentText(words, SEED - 1);
  const warmPieces = splitDocument(Buffer.from(warm), PIECE_LIMITS.spellcheck);
  await send(url, 'POST', warm, plain);
  if (!warmPieces.ok) throw new Error('unsplittable');
  for (const p of warmPieces.pieces.slice(0, 20))
    await send(`${svc.url}/api/v1/spellcheck/text`, 'POST', JSON.stringify({ text: warm.slice(p.start, p.end) }), { 'content-type': 'application/json' });
  const afterWarm = memoryOf(svc.pid).anon;
  const rows: string[] = [];
  const speedups: number[] = [];
  for (let i = 0; i < 4; i++) {
    const doc = documentText(words, SEED + 2 * i);
    const other = documentText(words, SEED + 2 * i + 1);
    // The same pieces the service cuts (its own splitter), one request at a time on the same connection.
    const cut = splitDocument(Buffer.from(other), PIECE_LIMITS.spellcheck);
    if (!cut.ok) throw new Error('unsplittable');
    const viaDocument = async (): Promise<{ a: Answer; peak: number }> => {
      let peak = memoryOf(svc.pid).anon;
      const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(svc.pid).anon)), 20);
      const cpu = threadCpuMs(svc.pid);
      const a = await send(url, 'POST', doc, plain);
      docCpu = cpuSince(cpu);
      clearInterval(sampler);
      const totals = ndjson(a).at(-1)!.totals!;
      if (a.status !== 200 || totals.failed > 0) throw new Error(`document: HTTP ${a.status}, ${totals.failed} pieces failed`);
      return { a, peak };
    };
    const oneByOne = async (): Promise<number> => {
      const cpu = threadCpuMs(svc.pid);
      const t = performance.now();
      for (const p of cut.pieces) {
        const a = await send(`${svc.url}/api/v1/spellcheck/text`, 'POST', JSON.stringify({ text: other.slice(p.start, p.end) }), {
          'content-type': 'application/json',
        });
        if (a.status !== 200) throw new Error(`piece: HTTP ${a.status}`);
      }
      const ms = performance.now() - t;
      piecesCpu = cpuSince(cpu);
      return ms;
    };
    let docCpu = '';
    let piecesCpu = '';
    // Who goes first alternates: the second finds the words the texts share cached.
    let d: { a: Answer; peak: number };
    let oneMs: number;
    if (i % 2 === 0) {
      d = await viaDocument();
      oneMs = await oneByOne();
    } else {
      oneMs = await oneByOne();
      d = await viaDocument();
    }
    const totals = ndjson(d.a).at(-1)!.totals!;
    speedups.push(oneMs / d.a.ms);
    rows.push(
      `| ${i + 1} | ${i % 2 === 0 ? 'document' : 'pieces'} | ${totals.words} | ${totals.pieces} / ${cut.pieces.length} | ${(Buffer.byteLength(doc) / 2 ** 20).toFixed(2)} | ${d.a.firstMs.toFixed(1)} | ${d.a.ms.toFixed(0)} | ${oneMs.toFixed(0)} | ${(oneMs / d.a.ms).toFixed(2)}x | ${docCpu} | ${piecesCpu} | ${(d.peak - idle).toFixed(0)} |`,
    );
    console.error(rows.at(-1));
  }
  // Memory with a document two and a half times as long (4.4 MiB, under DOCUMENT_MAX_BYTES): flat if the document is held once and the answer streamed.
  const big = documentText(2.5 * words, SEED + 99);
  let bigPeak = memoryOf(svc.pid).anon;
  const sampler = setInterval(() => (bigPeak = Math.max(bigPeak, memoryOf(svc.pid).anon)), 20);
  const bigAnswer = await send(url, 'POST', big, plain);
  clearInterval(sampler);
  say(
    `### Document: ${words.toLocaleString('en')} words (FLoRes sentences and corpus words, shuffled; new seeds ${SEED}.. each run), POST /api/v1/spellcheck/document (text/plain) against the same kind of document's pieces (as the service cuts them) sent one at a time to /spellcheck/text on one keep-alive connection`,
  );
  say();
  say(
    '| run | first | words | pieces (doc / one at a time) | MiB | first line ms | document ms | pieces one at a time ms | speed-up | service CPU ms, document: main / other threads | pieces: main / other threads | anon MiB above idle, peak |',
  );
  say('|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|---:|');
  for (const r of rows) say(r);
  say(
    `Median speed-up ${median(speedups).toFixed(2)}x. Resident anonymous memory: idle ${idle.toFixed(0)} MiB, ${afterWarm.toFixed(0)} MiB after a warm-up document; a ${(2.5 * words).toLocaleString('en')}-word document (${(Buffer.byteLength(big) / 2 ** 20).toFixed(2)} MiB, ${ndjson(bigAnswer).at(-1)!.totals!.pieces} pieces, ${bigAnswer.ms.toFixed(0)} ms): peak ${(bigPeak - idle).toFixed(0)} MiB above idle.`,
  );
  say();
}

async function batches(svc: RunningService): Promise<void> {
  const corpus = (readEval('text/corpus_frequent_words.txt') ?? '').split(/\s+/).filter(Boolean);
  const rand = prng(SEED);
  const pickWords = (): string[] => Array.from({ length: 1000 }, () => corpus[Math.floor(rand() * corpus.length)]!);
  const runGets = async (words: string[]): Promise<number> => {
    const t = performance.now();
    for (const w of words) {
      const a = await send(`${svc.url}/api/v1/spellcheck/word?word=${encodeURIComponent(w)}`, 'GET', undefined, {});
      if (a.status !== 200) throw new Error(`GET: HTTP ${a.status}`);
    }
    return performance.now() - t;
  };
  const runBatch = async (words: string[]): Promise<number> => {
    const t = performance.now();
    const a = await send(`${svc.url}/api/v1/spellcheck/batch`, 'POST', JSON.stringify({ items: words.map((word, id) => ({ id, word })) }), {
      'content-type': 'application/json',
    });
    const n = a.body
      .toString('utf8')
      .split('\n')
      .filter((l) => l.includes('"result"')).length;
    if (a.status !== 200 || n !== words.length) throw new Error(`batch: HTTP ${a.status}, ${n} results`);
    return performance.now() - t;
  };
  const rows: string[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < 3; i++) {
    // The same 1,000 words both ways, each set new to the service; who goes first alternates (the second finds the words cached).
    const words = pickWords();
    const first = i % 2 === 0 ? 'gets' : 'batch';
    let getsMs: number;
    let batchMs: number;
    if (first === 'gets') {
      getsMs = await runGets(words);
      batchMs = await runBatch(words);
    } else {
      batchMs = await runBatch(words);
      getsMs = await runGets(words);
    }
    // Then both again, warm.
    const warmGets = await runGets(words);
    const warmBatch = await runBatch(words);
    ratios.push(warmGets / warmBatch);
    rows.push(
      `| ${i + 1} | ${first} | ${getsMs.toFixed(0)} | ${batchMs.toFixed(0)} | ${(getsMs / batchMs).toFixed(1)}x | ${warmGets.toFixed(0)} | ${warmBatch.toFixed(0)} | ${(warmGets / warmBatch).toFixed(1)}x |`,
    );
    console.error(rows.at(-1));
  }
  say('### Batch: 1,000 single words (corpus words), POST /api/v1/spellcheck/batch against 1,000 GET /api/v1/spellcheck/word on one keep-alive connection');
  say();
  say('| run | first | 1,000 GETs ms | batch ms | throughput ratio | warm: GETs ms | warm: batch ms | warm ratio |');
  say('|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) say(r);
  say(`Median warm ratio: ${median(ratios).toFixed(1)}x.`);
  say();
}

const svc = await startService({ WORKERS: args.workers!, ...(args['cache-mb'] ? { CACHE_MB: args['cache-mb'] } : {}) });
try {
  if (wants('compression')) await compression(svc);
  if (wants('document')) await documents(svc);
  if (wants('batch')) await batches(svc);
} finally {
  await svc.stop();
  agent.destroy();
}
console.log(lines.join('\n'));
