// Overload and abandoned work (issue 20), against this build and, when given,
// another build measured in the same run (--baseline /path/to/other/checkout,
// built with `make setup build`).
//
//   node dist/bench/overload.js [--burst 3000] [--abandon 1500] [--baseline DIR]
//
// 1. Burst: `--burst` near-limit spellcheck requests sent at once, each on
//    its own connection, once with one text (warm caches) and once with
//    texts never sent before. Reports every status, the time to each answer
//    from the moment its request was written, and the p50 of the 200s.
// 2. Abandoned jobs: `--abandon` pool jobs (new texts) whose clients hang
//    up within 0.5 s; then one normal request every 100 ms for 10 s. Reports
//    how long until a normal request is back within 2x its idle latency.
//
// Prints markdown tables (the figures go to bench/RESULTS.md by hand).

import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { freshDevanagariTexts, machine, median, nearLimitText, percentile, residentMiB, ROOT, startService, type RunningService } from './lib.js';

const { values: args } = parseArgs({
  options: {
    burst: { type: 'string', default: '3000' },
    abandon: { type: 'string', default: '1500' },
    baseline: { type: 'string' },
    workers: { type: 'string', default: '2' },
  },
});
const BURST = Number(args.burst);
const ABANDON = Number(args.abandon);

const near = (await nearLimitText()).text;
const pool = (await freshDevanagariTexts(60, 1000)).texts.flatMap((t) => t.split(' '));

/** `n` texts of 1,000 words drawn from the eval's real words in an order no run repeats. */
function newTexts(n: number, seed: number): string[] {
  let s = seed >>> 0 || 1;
  const rnd = (k: number): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % k;
  return Array.from({ length: n }, () => Array.from({ length: 1000 }, () => pool[rnd(pool.length)]!).join(' '));
}

function request(url: string, text: string): Buffer {
  const body = Buffer.from(JSON.stringify({ text }));
  const u = new URL(url);
  return Buffer.concat([
    Buffer.from(
      `POST /api/v1/spellcheck/text HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    ),
    body,
  ]);
}

interface Answer {
  status: number;
  ms: number;
}

/** One request on its own connection; time from the end of the write to the full answer. */
function send(url: string, bytes: Buffer): Promise<Answer> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const sock = connect(Number(u.port), u.hostname);
    let t0 = 0;
    let head = '';
    sock.on('error', () => resolve({ status: -1, ms: t0 ? performance.now() - t0 : 0 }));
    sock.on('data', (c: Buffer) => {
      if (head.length < 16) head += c.toString('latin1', 0, Math.min(c.length, 16));
    });
    sock.on('close', () => resolve({ status: Number(head.slice(9, 12)) || -1, ms: performance.now() - t0 }));
    sock.write(bytes, () => (t0 = performance.now()));
  });
}

/** Server-side times (ms from reading a request to writing its answer) from the access log, by status. */
const served: { status: number; ms: number }[] = [];

async function burst(url: string, texts: string[]): Promise<string> {
  served.length = 0;
  const answers = await Promise.all(texts.map((t) => send(url, request(url, t))));
  await new Promise((r) => setTimeout(r, 200));
  const inServer = served.map((x) => x.ms);
  const serverWithin1s = inServer.filter((ms) => ms <= 1000).length;
  const by = new Map<number, number[]>();
  for (const a of answers) by.set(a.status, [...(by.get(a.status) ?? []), a.ms]);
  const ok = by.get(200) ?? [];
  const all = answers.map((a) => a.ms);
  const within1s = answers.filter((a) => a.ms <= 1000).length;
  const statuses = [...by].map(([s, ms]) => `${s}: ${ms.length}`).join(', ');
  const server = inServer.length
    ? `${((100 * serverWithin1s) / inServer.length).toFixed(1)}% (${percentile(inServer, 50).toFixed(0)} / ${percentile(inServer, 99).toFixed(0)} / ${Math.max(...inServer).toFixed(0)})`
    : '-';
  return `| ${statuses} | ${((100 * within1s) / answers.length).toFixed(1)}% | ${server} | ${ok.length ? median(ok).toFixed(0) : '-'} | ${percentile(all, 50).toFixed(0)} / ${percentile(all, 99).toFixed(0)} / ${Math.max(...all).toFixed(0)} |`;
}

async function normalLatency(url: string): Promise<number> {
  return (await send(url, request(url, near))).ms;
}

async function abandoned(url: string, texts: string[]): Promise<string> {
  const idle: number[] = [];
  for (let i = 0; i < 20; i++) idle.push(await normalLatency(url));
  const idleMs = median(idle);
  let seed = 7;
  const rnd = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % 500;
  await Promise.all(
    texts.map(
      (t) =>
        new Promise<void>((resolve) => {
          const u = new URL(url);
          const sock = connect(Number(u.port), u.hostname);
          sock.on('error', () => {});
          sock.on('close', () => resolve());
          sock.write(request(url, t), () => setTimeout(() => sock.destroy(), rnd()));
        }),
    ),
  );
  const goneAt = performance.now();
  const samples: { at: number; ms: number }[] = [];
  while (performance.now() - goneAt < 10_000) {
    const at = performance.now() - goneAt;
    samples.push({ at, ms: await normalLatency(url) });
    await new Promise((r) => setTimeout(r, 100));
  }
  // Medians per window after the hang-ups: single slow samples (a GC) do not count as not recovered.
  const windows: [number, number][] = [
    [0, 500],
    [500, 1000],
    [1000, 2000],
    [2000, 5000],
    [5000, 10_000],
  ];
  const medians = windows.map(([a, b]) => median(samples.filter((x) => x.at >= a && x.at < b).map((x) => x.ms)));
  const back = windows.find((_, i) => medians.slice(i).every((m) => m <= 2 * idleMs));
  return `| ${idleMs.toFixed(1)} | ${samples[0]!.ms.toFixed(0)} | ${medians.map((m) => m.toFixed(1)).join(' | ')} | ${back ? `${back[0] / 1000} s` : 'not within 10 s'} |`;
}

async function measure(label: string, root: string): Promise<{ burstWarm: string; burstNew: string; abandon: string; rssMiB: number }> {
  const svc: RunningService = await startService({ WORKERS: args.workers, LOG_REQUESTS: 'true' }, root, (line) => {
    try {
      const r = JSON.parse(line) as { path?: string; status?: number; ms?: number };
      if (r.path === '/api/v1/spellcheck/text' && typeof r.ms === 'number') served.push({ status: r.status ?? -1, ms: r.ms });
    } catch {
      /* not a log line */
    }
  });
  try {
    console.error(`${label}: ${svc.url} (pid ${svc.pid})`);
    for (let i = 0; i < 40; i++) await normalLatency(svc.url);
    const burstWarm = await burst(svc.url, Array(BURST).fill(near));
    await new Promise((r) => setTimeout(r, 2000));
    const burstNew = await burst(svc.url, newTexts(BURST, Date.now()));
    await new Promise((r) => setTimeout(r, 2000));
    const abandon = await abandoned(svc.url, newTexts(ABANDON, Date.now() + 1));
    return { burstWarm, burstNew, abandon, rssMiB: residentMiB(svc.pid) };
  } finally {
    await svc.stop();
  }
}

const builds: [string, string][] = [['this build', ROOT]];
if (args.baseline) builds.push([`baseline ${args.baseline}`, args.baseline]);
const out: string[] = [
  `Date: ${new Date().toISOString()}; machine: ${machine()}`,
  `Command: node dist/bench/overload.js --burst ${BURST} --abandon ${ABANDON} --workers ${args.workers}${args.baseline ? ` --baseline ${args.baseline}` : ''}`,
  '',
];
const rows = { burst: [] as string[], abandon: [] as string[] };
for (const [label, root] of builds) {
  const m = await measure(label, root);
  rows.burst.push(`| ${label}, one text (warm) ${m.burstWarm}`, `| ${label}, new texts ${m.burstNew}`);
  rows.abandon.push(`| ${label} ${m.abandon}`);
}
out.push(
  `Burst: ${BURST} near-limit spellcheck requests at once, one connection each; ms from the write to the whole answer.`,
  '',
  '| build, texts | statuses | answered within 1 s of the write (client) | within 1 s of being read (server log; p50 / p99 / max ms) | p50 of the 200s, ms (client) | all answers p50 / p99 / max, ms (client) |',
  '|---|---|---:|---:|---:|---:|',
  ...rows.burst,
  '',
  `Abandoned: ${ABANDON} near-limit requests of new texts whose clients hang up 0-500 ms after sending; then a near-limit request (the warm text) every 100 ms for 10 s. ms per request; medians per window after the last hang-up.`,
  '',
  '| build | idle p50 | first after | median 0-0.5 s | 0.5-1 s | 1-2 s | 2-5 s | 5-10 s | every later window within 2x idle from |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.abandon,
);
console.log(out.join('\n'));
