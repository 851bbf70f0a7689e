// The live channel (GET /api/v1/live) as people type into it, beside REST
// for the same work (issue 22's targets):
//
//   node dist/bench/live.js [--only edit,many] [--ops romanize,spellcheck] [--paragraphs 40] [--edits 10] [--connections 1000] [--seconds 60]
//
// edit: one connection; for each 50-token paragraph (the eval's romanized
//   sentences; Devanagari runs of its FLoRes text for spellcheck) the
//   paragraph is sent once, then `--edits` versions of it, each with one
//   word replaced by another word of the eval text (a text the service has
//   never seen), one message at a time; the round trip of each edit is
//   measured. The same paragraphs and edits then go to REST (POST, one
//   keep-alive connection) on a freshly started service.
// many: `--connections` connections open at once, each sending one edit of
//   its own paragraph a second (romanize and spellcheck in turn, phases
//   spread over the second; a new edit every second, none sent twice by a
//   connection; the 1,000 connections share 40 paragraphs of each op, so
//   25 connections type the same edits) for `--seconds`; round trips (also
//   of the second half alone, once every paragraph has been seen),
//   connections dropped, the CPU used, and the service's anonymous memory
//   before, at the end, and 10 s after all closed.
// Every service is started fresh with 2 workers and rate limits off.

import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { evalDevanagariRuns, freshRomanTexts, machine, memoryOf, percentile, startService, threadCpuMs, type RunningService } from './lib.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'edit,many' },
    paragraphs: { type: 'string', default: '40' },
    edits: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    ops: { type: 'string', default: 'romanize,spellcheck' },
  },
});
const ONLY = args.only!.split(',');
const PARAGRAPHS = Number(args.paragraphs);
const EDITS = Number(args.edits);
const TOKENS = 50;

interface Work {
  op: 'romanize' | 'spellcheck';
  /** Each paragraph, then its edits. */
  paragraphs: { base: string; edits: string[] }[];
}

/** Paragraphs of `TOKENS` words and their one-word edits, the replacements taken from later text. */
function work(op: Work['op'], texts: string[], spare: string[], editCount: number): Work {
  let k = 0;
  let seed = 7;
  const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  const paragraphs = texts.map((base) => {
    const words = base.split(' ');
    const edits: string[] = [];
    for (let e = 0; e < editCount; e++) {
      const w = [...words];
      w[rnd(w.length)] = spare[k++ % spare.length]!;
      edits.push(w.join(' '));
    }
    return { base, edits };
  });
  return { op, paragraphs };
}

function works(count: number, editCount: number): Work[] {
  const out: Work[] = [];
  const roman = freshRomanTexts(count * 2, TOKENS, 0);
  if (roman && roman.length >= count * 2) out.push(work('romanize', roman.slice(0, count), roman.slice(count).join(' ').split(' '), editCount));
  else console.log('romanize: no eval/romanization/sentence_pairs.tsv (or too short): skipped');
  const { texts } = evalDevanagariRuns(count * 2, TOKENS);
  if (texts.length >= count * 2) out.push(work('spellcheck', texts.slice(0, count), texts.slice(count).join(' ').split(' '), editCount));
  else console.log('spellcheck: no eval text (or too short): skipped');
  return out;
}

const LIVE_ENV = {
  WORKERS: '2',
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_DAY: '0',
  LIVE_MAX_CONNECTIONS_PER_CLIENT: '100000',
  LIVE_MESSAGES_PER_SECOND: '1000',
  LIVE_BURST: '1000',
  LIVE_CHARACTERS_PER_MINUTE: '1000000000',
};

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace('http', 'ws') + '/api/v1/live', { perMessageDeflate: false });
    ws.once('message', () => resolve(ws)); // ready
    ws.once('error', reject);
  });
}

const ID = /^\{"id":(\d+),/;

/** One connection's requests, round trips timed; the reply's id read without parsing the whole. */
class Timed {
  private readonly waiting = new Map<number, { t: number; resolve: (ms: number) => void; reject: (e: Error) => void }>();
  private next = 1;
  dropped = false;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const s = data.toString();
      const m = ID.exec(s);
      const w = m ? this.waiting.get(Number(m[1])) : undefined;
      if (!w) return;
      this.waiting.delete(Number(m![1]));
      if (s.includes('"error":{')) w.reject(new Error(/"code":"(\w+)"/.exec(s)?.[1] ?? s.slice(0, 200)));
      else w.resolve(performance.now() - w.t);
    });
    ws.on('close', () => {
      this.dropped = true;
      for (const w of this.waiting.values()) w.reject(new Error('closed'));
    });
  }
  send(op: string, text: string): Promise<number> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { t: performance.now(), resolve, reject });
      this.ws.send(
        op === 'romanize' ? `{"id":${id},"op":"romanize","text":${JSON.stringify(text)}}` : `{"id":${id},"op":"spellcheck","text":${JSON.stringify(text)}}`,
      );
    });
  }
}

function figures(xs: number[]): string {
  return `n ${xs.length}, p50 ${percentile(xs, 50).toFixed(2)} ms, p90 ${percentile(xs, 90).toFixed(2)} ms, p99 ${percentile(xs, 99).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms`;
}

async function editBench(w: Work): Promise<void> {
  let svc: RunningService = await startService(LIVE_ENV);
  try {
    const c = new Timed(await open(svc.url));
    const rtt: number[] = [];
    for (const p of w.paragraphs) {
      await c.send(w.op, p.base);
      for (const e of p.edits) rtt.push(await c.send(w.op, e));
    }
    c.ws.close();
    console.log(`live ${w.op}, ${TOKENS}-token paragraph after a one-word edit: ${figures(rtt)}`);
  } finally {
    await svc.stop();
  }
  svc = await startService(LIVE_ENV);
  try {
    const path = w.op === 'romanize' ? '/api/v1/romanization/resolve' : '/api/v1/spellcheck/text';
    const post = async (text: string): Promise<number> => {
      const t = performance.now();
      const r = await fetch(svc.url + path, {
        method: 'POST',
        body: JSON.stringify({ text }),
        headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
      return performance.now() - t;
    };
    const rtt: number[] = [];
    for (const p of w.paragraphs) {
      await post(p.base);
      for (const e of p.edits) rtt.push(await post(e));
    }
    console.log(`REST ${w.op}, the same paragraphs and edits:        ${figures(rtt)}`);
  } finally {
    await svc.stop();
  }
}

async function manyBench(all: Work[], connections: number, seconds: number): Promise<void> {
  const svc = await startService(LIVE_ENV);
  try {
    const mib = () => Math.round(memoryOf(svc.pid).anon);
    const before = mib();
    const clients: Timed[] = [];
    for (let i = 0; i < connections; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, connections - i) }, () => open(svc.url)));
      clients.push(...batch.map((ws) => new Timed(ws)));
    }
    const opened = mib();
    console.log(`${clients.length} connections open; service anonymous memory ${before} MiB before, ${opened} MiB with them open`);
    const rtt: number[] = [];
    /** The round trips of the run's second half, when every connection has sent each of its edits at least once. */
    const later: number[] = [];
    const errors = new Map<string, number>();
    const half = performance.now() + (seconds * 1000) / 2;
    const cpuBefore = threadCpuMs(svc.pid);
    const clientCpuBefore = process.cpuUsage();
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      clients.map(async (c, i) => {
        const w = all[i % all.length]!;
        const p = w.paragraphs[Math.floor(i / all.length) % w.paragraphs.length]!;
        await sleep((i * 1000) / clients.length);
        for (let k = 0; performance.now() < end && !c.dropped; k++) {
          const t = performance.now();
          try {
            const ms = await c.send(w.op, p.edits[k % p.edits.length]!);
            rtt.push(ms);
            if (t >= half) later.push(ms);
          } catch (e) {
            const code = (e as Error).message;
            errors.set(code, (errors.get(code) ?? 0) + 1);
          }
          await sleep(Math.max(0, 1000 - (performance.now() - t)));
        }
      }),
    );
    const atEnd = mib();
    const cpuAfter = threadCpuMs(svc.pid);
    let total = 0;
    for (const [tid, ms] of cpuAfter) total += ms - (cpuBefore.get(tid) ?? 0);
    const main = (cpuAfter.get(svc.pid) ?? 0) - (cpuBefore.get(svc.pid) ?? 0);
    const client = process.cpuUsage(clientCpuBefore);
    console.log(
      `CPU over the run: service ${(total / 1000).toFixed(1)} s (main thread ${(main / 1000).toFixed(1)} s), this client ${((client.user + client.system) / 1e6).toFixed(1)} s, of ${seconds} s x 2 cores`,
    );
    const dropped = clients.filter((c) => c.dropped).length;
    for (const c of clients) c.ws.close();
    await sleep(10_000);
    console.log(
      `${clients.length} connections, one edit a second each for ${seconds} s: ${figures(rtt)}; errors ${errors.size === 0 ? 'none' : [...errors].map(([c, n]) => `${c} ${n}`).join(', ')}; connections dropped ${dropped}`,
    );
    console.log(`  the second half alone: ${figures(later)}`);
    console.log(`service anonymous memory: ${before} MiB before, ${opened} MiB open, ${atEnd} MiB at the end, ${mib()} MiB 10 s after all closed`);
  } finally {
    await svc.stop();
  }
}

console.log(`${machine()}; ${new Date().toISOString()}`);
const ops = args.ops!.split(',');
if (ONLY.includes('edit')) for (const w of works(PARAGRAPHS, EDITS).filter((w) => ops.includes(w.op))) await editBench(w);
// Each connection sends a new edit every second of the run: no text is sent twice by one connection.
const many = works(PARAGRAPHS, Number(args.seconds) + 5).filter((w) => ops.includes(w.op));
if (ONLY.includes('many') && many.length > 0) await manyBench(many, Number(args.connections), Number(args.seconds));
