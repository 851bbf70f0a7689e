// What compressing an answer costs, by answer size, encoding and level: the
// figures behind the levels in src/http/compression.ts (bench/RESULTS.md,
// "Session 12: heavy clients"). Real answers of the service's engines on
// the real data, each compressed in one shot (as a worker or the main
// thread does for a whole answer) and as NDJSON lines flushed one by one
// (as a streamed answer is).
//
//   node dist/bench/compression.js [--runs 30]

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gunzipSync,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';
import { loadBloom } from '../src/dispatch/pool.js';
import { lookupEntry } from '../src/engine/lookup/entry.js';
import { resolveDataDir } from '../src/store/data-dir.js';
import { openEngines } from '../src/worker/engines.js';
import { ROOT, machine, median, nearLimitText, romanText } from './lib.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const RUNS = Number(args.runs);

const dataDir = resolveDataDir(process.env.DATA_DIR ?? join(ROOT, 'native-data'));
const probe = openEngines({ dataDir, bloom: null, cacheBytes: 0, warmUp: false });
const { bloom } = loadBloom(dataDir, probe.store.meta.bloom?.checksum);
probe.store.close();
const engines = openEngines({ dataDir, bloom: bloom ? bloom.share() : null, cacheBytes: 32 << 20 });

const encoder = new TextEncoder();
const near = (await nearLimitText()).text;
const roman = romanText(1000).text;
const romanWords = roman.split(' ');

const answers: { name: string; bytes: Uint8Array }[] = [
  { name: 'dictionary entry (अर्थ)', bytes: encoder.encode(JSON.stringify(lookupEntry(engines.store, 'अर्थ'))) },
  { name: 'spellcheck near-limit text', bytes: encoder.encode(JSON.stringify(engines.spell.checkText(near))) },
  ...[20, 100, 1000].map((n) => ({
    name: `romanization ${n} tokens`,
    bytes: engines.roman.json(engines.roman.resolveText(romanWords.slice(0, n).join(' '), 5)),
  })),
];

type Codec = { name: string; once: (b: Uint8Array) => Buffer; stream: () => Gzip | BrotliCompress; flush: number };
const gzip = (level: number): Codec => ({
  name: `gzip ${level}`,
  once: (b) => gzipSync(b, { level }),
  stream: () => createGzip({ level }),
  flush: constants.Z_SYNC_FLUSH,
});
const br = (quality: number): Codec => ({
  name: `br ${quality}`,
  once: (b) =>
    brotliCompressSync(b, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
      },
    }),
  stream: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
  flush: constants.BROTLI_OPERATION_FLUSH,
});
const codecs: Codec[] = [gzip(1), gzip(2), gzip(3), gzip(4), gzip(6), gzip(9), br(1), br(2), br(3), br(4), br(5), br(6), br(9)];

function timeOnce(c: Codec, b: Uint8Array): { ms: number; bytes: number } {
  let out = c.once(b);
  for (let i = 0; i < 3; i++) out = c.once(b);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    out = c.once(b);
    times.push(performance.now() - t);
  }
  return { ms: median(times), bytes: out.length };
}

/** Lines written to one stream, flushed after each: bytes out and total time (the stream runs on libuv's pool). */
async function timeStream(c: Codec, lines: Uint8Array[]): Promise<{ ms: number; bytes: number }> {
  const z = c.stream();
  let bytes = 0;
  z.on('data', (d: Buffer) => (bytes += d.length));
  const t = performance.now();
  for (const line of lines) {
    z.write(line);
    await new Promise<void>((r) => z.flush(c.flush, () => r()));
  }
  await new Promise<void>((r) => z.end(() => r()));
  return { ms: performance.now() - t, bytes };
}

console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
console.log(`Command: node dist/bench/compression.js --runs ${RUNS} (median of ${RUNS} one-shot compressions on this thread; real answers of the engines)`);
console.log('');
console.log(`| answer | bytes | ${codecs.map((c) => c.name).join(' | ')} |`);
console.log(`|---|---:|${codecs.map(() => '---:').join('|')}|`);
for (const a of answers) {
  const cells = codecs.map((c) => {
    const r = timeOnce(c, a.bytes);
    return `${r.ms.toFixed(3)} ms, 1/${(a.bytes.length / r.bytes).toFixed(1)}`;
  });
  console.log(`| ${a.name} | ${a.bytes.length} | ${cells.join(' | ')} |`);
}

// What the client pays to decode the largest answer, by codec and level.
const largest = answers.at(-1)!;
console.log('');
console.log(`Decoding the ${largest.name} answer at the client (median of ${RUNS}, node:zlib):`);
console.log('');
console.log('| codec | decode ms |');
console.log('|---|---:|');
for (const c of codecs) {
  const packed = c.once(largest.bytes);
  const decode = c.name.startsWith('br') ? () => brotliDecompressSync(packed) : () => gunzipSync(packed);
  for (let i = 0; i < 3; i++) decode();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    decode();
    times.push(performance.now() - t);
  }
  console.log(`| ${c.name} | ${median(times).toFixed(3)} |`);
}

// A streamed document: 20 lines, each a romanization answer of 50 tokens, flushed one by one.
const lines: Uint8Array[] = [];
for (let i = 0; i < 20; i++)
  lines.push(Buffer.concat([engines.roman.json(engines.roman.resolveText(romanWords.slice(i * 50, i * 50 + 50).join(' '), 5)), Buffer.from('\n')]));
const total = lines.reduce((n, l) => n + l.length, 0);
console.log('');
console.log(`Streamed: ${lines.length} NDJSON lines of ${total} bytes in all, each flushed (Z_SYNC_FLUSH / BROTLI_OPERATION_FLUSH)`);
console.log('');
console.log('| codec | total ms | ratio |');
console.log('|---|---:|---:|');
for (const c of codecs) {
  await timeStream(c, lines);
  const r = await timeStream(c, lines);
  console.log(`| ${c.name} | ${r.ms.toFixed(2)} | 1/${(total / r.bytes).toFixed(1)} |`);
}
engines.store.close();
