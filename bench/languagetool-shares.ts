// Where the time of one request goes, for /v2/check beside POST
// /api/v1/spellcheck/text on the same 1,000-word text (the near-limit text),
// one request at a time, answers asked uncompressed. Per endpoint:
//   - the client's latency (fetch, the answer read as text), and of it the
//     reading of the answer (text() after the head has come);
//   - the service's own time: the access log's `ms`, from the request's head
//     to the answer handed to uWS;
//   - the service's CPU a request, from /proc, by thread: the main thread,
//     the worker that answered (the busiest other thread: one request at a
//     time goes to one worker), and every other thread (V8's garbage
//     collection helpers among them);
//   - the client's own CPU a request (process.cpuUsage: sending the body,
//     reading and decoding the answer);
//   - the bytes of the body sent and of the answer.
// Rounds alternate the endpoints, which goes first swapping every round;
// with --baseline DIR (another checkout, built on this data) each round runs
// both builds one after the other, in turn first. Medians of the rounds.
// bench/languagetool.ts measures the ratios under load; this says which
// part of a request's cost each endpoint's difference is.
//
//   node dist/bench/languagetool-shares.js [--requests 300] [--rounds 4] [--workers 2] [--baseline DIR]

import { parseArgs } from 'node:util';
import { ROOT, checkEndpoints, machine, median, nearLimitText, startService, threadCpuMs, type RunningService } from './lib.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '4' },
    workers: { type: 'string', default: '2' },
    baseline: { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);

const near = await nearLimitText();
const endpoints = checkEndpoints(near.text);

interface Share {
  latency: number;
  reading: number;
  server: number;
  mainUs: number;
  workerUs: number;
  otherUs: number;
  clientUs: number;
  answerBytes: number;
}

/** A build's service with its access log read: the `ms` of each answered request, in order. */
async function start(root: string): Promise<{ svc: RunningService; served: number[] }> {
  const served: number[] = [];
  const svc = await startService({ WORKERS: args.workers!, LOG_REQUESTS: 'true' }, root, (line) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as { ms?: number; status?: number };
    if (entry.status === 200 && typeof entry.ms === 'number') served.push(entry.ms);
  });
  return { svc, served };
}

async function send(url: string, e: (typeof endpoints)[number]): Promise<{ reading: number; bytes: number }> {
  const r = await fetch(url + e.path, { method: 'POST', body: e.body, headers: { 'content-type': e.type, 'accept-encoding': 'identity' } });
  const t = performance.now();
  const text = await r.text();
  const reading = performance.now() - t;
  if (r.status !== 200) throw new Error(`${e.name}: ${r.status} ${text.slice(0, 200)}`);
  return { reading, bytes: Buffer.byteLength(text) };
}

async function measure(run: { svc: RunningService; served: number[] }, e: (typeof endpoints)[number]): Promise<Share> {
  const { svc, served } = run;
  const latency: number[] = [];
  const reading: number[] = [];
  let answerBytes = 0;
  served.length = 0;
  const cpu0 = threadCpuMs(svc.pid);
  const client0 = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const got = await send(svc.url, e);
    latency.push(performance.now() - t);
    reading.push(got.reading);
    answerBytes = got.bytes;
  }
  const client = process.cpuUsage(client0);
  const cpu1 = threadCpuMs(svc.pid);
  // The log line of the last answer may still be on its way.
  while (served.length < REQUESTS) await new Promise((r) => setTimeout(r, 5));
  const used = [...cpu1].map(([tid, ms]) => ({ tid, ms: ms - (cpu0.get(tid) ?? 0) }));
  const main = used.find((u) => u.tid === svc.pid)!.ms;
  const others = used.filter((u) => u.tid !== svc.pid).sort((a, b) => b.ms - a.ms);
  const worker = others[0]?.ms ?? 0;
  const rest = others.slice(1).reduce((n, u) => n + u.ms, 0);
  const perRequest = (ms: number): number => (ms * 1000) / REQUESTS;
  return {
    latency: median(latency),
    reading: median(reading),
    server: median(served),
    mainUs: perRequest(main),
    workerUs: perRequest(worker),
    otherUs: perRequest(rest),
    clientUs: (client.user + client.system) / REQUESTS,
    answerBytes,
  };
}

const builds: [string, string][] = [['this build', ROOT]];
if (args.baseline) builds.push([`baseline ${args.baseline}`, args.baseline]);
const runs = new Map<string, { svc: RunningService; served: number[] }>();
/** Per build, per endpoint: a Share a round. */
const got = new Map<string, Share[][]>(builds.map(([name]) => [name, [[], []]]));
try {
  for (const [name, root] of builds) runs.set(name, await start(root));
  // Warm-up of both endpoints on every build (JIT, the caches of every worker).
  for (const [name] of builds) for (const e of endpoints) for (let i = 0; i < 60; i++) await send(runs.get(name)!.svc.url, e);
  for (let round = 0; round < Number(args.rounds); round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const [name] of order) {
      for (const k of round % 2 === 0 ? [0, 1] : [1, 0]) got.get(name)![k]!.push(await measure(runs.get(name)!, endpoints[k]!));
    }
    console.error(`  round ${round + 1} done`);
  }
} finally {
  for (const run of runs.values()) await run.svc.stop();
}

const f = (x: number, d = 2): string => x.toFixed(d);
console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
console.log(
  `Command: node dist/bench/languagetool-shares.js --requests ${REQUESTS} --rounds ${args.rounds} --workers ${args.workers}${args.baseline ? ` --baseline ${args.baseline}` : ''} (text: ${near.source}; body sent: ${Buffer.byteLength(endpoints[0].body)} B JSON, ${Buffer.byteLength(endpoints[1].body)} B form)`,
);
console.log('');
console.log(
  '| build | endpoint | answer B | p50 ms | of it, reading the answer | service ms (log) | service CPU µs: main | worker | other threads | all | client CPU µs |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [name] of builds) {
  const rows = got.get(name)!.map((shares) => {
    const m = (g: (s: Share) => number): number => median(shares.map(g));
    return {
      answer: shares[0]!.answerBytes,
      latency: m((s) => s.latency),
      reading: m((s) => s.reading),
      server: m((s) => s.server),
      main: m((s) => s.mainUs),
      worker: m((s) => s.workerUs),
      other: m((s) => s.otherUs),
      all: m((s) => s.mainUs + s.workerUs + s.otherUs),
      client: m((s) => s.clientUs),
    };
  });
  rows.forEach((r, k) =>
    console.log(
      `| ${name} | ${endpoints[k]!.name} | ${r.answer} | ${f(r.latency)} | ${f(r.reading)} | ${f(r.server)} | ${f(r.main, 0)} | ${f(r.worker, 0)} | ${f(r.other, 0)} | ${f(r.all, 0)} | ${f(r.client, 0)} |`,
    ),
  );
  const [a, b] = rows as [(typeof rows)[number], (typeof rows)[number]];
  console.log(
    `| ${name} | ratio v2 ÷ text | ${f(b.answer / a.answer)} | ${f(b.latency / a.latency)} | ${f(b.reading / a.reading)} | ${f(b.server / a.server)} | ${f(b.main / a.main)} | ${f(b.worker / a.worker)} | ${f(b.other / a.other)} | ${f(b.all / a.all)} | ${f(b.client / a.client)} |`,
  );
}
