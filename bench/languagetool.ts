// What the LanguageTool-compatible /v2/check costs beside the service's own
// POST /api/v1/spellcheck/text on the same 1,000-word text (the near-limit
// text), in one run of the service: rounds alternate the two endpoints,
// which goes first swapping every round, so the VM's drift and warm caches
// hit both alike. Each round measures, per endpoint:
//   - one request at a time (`--sequential` of them): p50 latency, and the
//     main thread's CPU per request (from /proc: what the main thread does
//     beyond spellcheck/text is reading the form body, three times the JSON
//     body; both answers are written on a worker);
//   - `--connections` at once for `--seconds` (autocannon): 200 answers a
//     second (503s, the pool refusing jobs it cannot start in time, are
//     counted apart).
// The ratios /v2/check ÷ spellcheck/text of each round and their medians are
// printed; the target is at most 1.2 (latency and CPU) and at least 1/1.2
// (throughput). Answers are asked uncompressed (Accept-Encoding: identity),
// as the editors' clients ask (LibreOffice's curl, LTeX's Java client); a
// browser's compressed answer of either is compressed on the worker that
// wrote it. Both endpoints are first asked once and
// their findings compared: the same words at the same places, or the bench
// stops.
//
// Then texts never sent before (`--fresh` runs of 900 words of the eval
// sentences, or of headwords without them), one at a time, each to one
// endpoint, the endpoints taking turns: the p50 latency of a text whose words
// the caches have not seen, which is what an editor's new paragraph costs.
//
//   node dist/bench/languagetool.js [--rounds 6] [--sequential 100] [--seconds 4] [--connections 8] [--fresh 60] [--workers 2]

import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { ROOT, checkEndpoints, freshDevanagariTexts, machine, median, nearLimitText, startService, threadCpuMs, type CheckEndpoint } from './lib.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    sequential: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '8' },
    fresh: { type: 'string', default: '60' },
    workers: { type: 'string', default: '2' },
  },
});

interface Measure {
  p50: number;
  cpuUs: number;
  rps: number;
  /** Answers other than 200 under load (503: the pool refused a job it could not start in time). */
  non2xx: number;
}

const near = await nearLimitText();
const fresh = await freshDevanagariTexts(Number(args.fresh), 900);
const endpoints = checkEndpoints(near.text);

const mainCpuMs = (pid: number): number => threadCpuMs(pid).get(pid) ?? NaN;

async function send(url: string, e: CheckEndpoint): Promise<string> {
  const r = await fetch(url + e.path, { method: 'POST', body: e.body, headers: { 'content-type': e.type, 'accept-encoding': 'identity' } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${e.name}: ${r.status} ${text.slice(0, 200)}`);
  return text;
}

async function measure(url: string, pid: number, e: CheckEndpoint): Promise<Measure> {
  const times: number[] = [];
  const cpu0 = mainCpuMs(pid);
  for (let i = 0; i < Number(args.sequential); i++) {
    const t = performance.now();
    await send(url, e);
    times.push(performance.now() - t);
  }
  const cpuUs = ((mainCpuMs(pid) - cpu0) * 1000) / times.length;
  const r = await autocannon({
    url: url + e.path,
    method: 'POST',
    body: e.body,
    headers: { 'content-type': e.type },
    connections: Number(args.connections),
    duration: Number(args.seconds),
  });
  if (r.errors > 0) throw new Error(`${e.name}: ${r.errors} connection errors under load`);
  return { p50: median(times), cpuUs, rps: (r.requests.total - r.non2xx) / Number(args.seconds), non2xx: r.non2xx };
}

/** Where each endpoint found what, as "word@start" (the /v2 answer's default rules report what spellcheck/text calls misspelled). */
function sameFindings(v1: string, v2: string): number {
  const a = JSON.parse(v1) as { misspelled: { word: string; occurrences: { start: number }[] }[] };
  const b = JSON.parse(v2) as { matches: { offset: number; length: number }[] };
  const one = a.misspelled.flatMap((w) => w.occurrences.map((o) => `${w.word}@${o.start}`)).sort();
  const two = b.matches.map((m) => `${near.text.slice(m.offset, m.offset + m.length)}@${m.offset}`).sort();
  if (JSON.stringify(one) !== JSON.stringify(two)) throw new Error(`the endpoints disagree: ${one.length} against ${two.length} findings`);
  return one.length;
}

const svc = await startService({ WORKERS: args.workers!, DATA_DIR: process.env.DATA_DIR ?? join(ROOT, 'native-data') });
const rows: { first: string; v1: Measure; v2: Measure }[] = [];
/** Bodies of the texts never sent before, and their latencies, per endpoint. */
const coldBodies: [string[], string[]] = [[], []];
const cold: [number[], number[]] = [[], []];
let findings = 0;
try {
  findings = sameFindings(await send(svc.url, endpoints[0]), await send(svc.url, endpoints[1]));
  // Warm-up of both (JIT, the caches of every worker).
  for (const e of endpoints) for (let i = 0; i < 40; i++) await send(svc.url, e);
  for (let i = 0; i < Number(args.rounds); i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    const got: Measure[] = [];
    for (const k of order) got[k] = await measure(svc.url, svc.pid, endpoints[k]!);
    rows.push({ first: endpoints[order[0]!]!.name, v1: got[0]!, v2: got[1]! });
    const r = rows.at(-1)!;
    console.error(
      `  round ${i + 1}: p50 ${r.v1.p50.toFixed(2)} / ${r.v2.p50.toFixed(2)} ms, main-thread ${r.v1.cpuUs.toFixed(0)} / ${r.v2.cpuUs.toFixed(0)} µs, ${r.v1.rps.toFixed(0)} / ${r.v2.rps.toFixed(0)} req/s`,
    );
  }
  fresh.texts.forEach((text, i) =>
    coldBodies[i % 2]!.push(i % 2 === 0 ? JSON.stringify({ text }) : new URLSearchParams({ language: 'ne-NP', text }).toString()),
  );
  for (let i = 0; i < fresh.texts.length; i++) {
    const k = i % 2;
    const e = endpoints[k]!;
    const t = performance.now();
    await send(svc.url, { ...e, body: coldBodies[k]![i >> 1]! });
    cold[k]!.push(performance.now() - t);
  }
} finally {
  await svc.stop();
}

const f = (x: number, d = 2): string => x.toFixed(d);
console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
console.log(
  `Command: node dist/bench/languagetool.js --rounds ${args.rounds} --sequential ${args.sequential} --seconds ${args.seconds} --connections ${args.connections} --fresh ${args.fresh} --workers ${args.workers} (text: ${near.source}, ${near.text.length} UTF-16 units; both endpoints find the same ${findings} misspellings at the same offsets)`,
);
console.log('');
console.log(
  '| round | first | p50 ms: text | v2 | ratio | main-thread µs a request: text | v2 | ratio | 200s/s: text | v2 | ratio (text ÷ v2) | non-200: text | v2 |',
);
console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
rows.forEach((r, i) =>
  console.log(
    `| ${i + 1} | ${r.first} | ${f(r.v1.p50)} | ${f(r.v2.p50)} | ${f(r.v2.p50 / r.v1.p50)} | ${f(r.v1.cpuUs, 0)} | ${f(r.v2.cpuUs, 0)} | ${f(r.v2.cpuUs / r.v1.cpuUs)} | ${f(r.v1.rps, 0)} | ${f(r.v2.rps, 0)} | ${f(r.v1.rps / r.v2.rps)} | ${r.v1.non2xx} | ${r.v2.non2xx} |`,
  ),
);
const med = (g: (r: (typeof rows)[number]) => number): number => median(rows.map(g));
console.log(
  `| median | | ${f(med((r) => r.v1.p50))} | ${f(med((r) => r.v2.p50))} | ${f(med((r) => r.v2.p50 / r.v1.p50))} | ${f(
    med((r) => r.v1.cpuUs),
    0,
  )} | ${f(
    med((r) => r.v2.cpuUs),
    0,
  )} | ${f(med((r) => r.v2.cpuUs / r.v1.cpuUs))} | ${f(
    med((r) => r.v1.rps),
    0,
  )} | ${f(
    med((r) => r.v2.rps),
    0,
  )} | ${f(med((r) => r.v1.rps / r.v2.rps))} | | |`,
);
console.log('');
console.log(
  `Texts never sent before (${fresh.source}), one at a time, ${cold[0].length} to each endpoint in turn: p50 ${f(median(cold[0]))} ms (spellcheck/text), ${f(median(cold[1]))} ms (/v2/check), ratio ${f(median(cold[1]) / median(cold[0]))}.`,
);
