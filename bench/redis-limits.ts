// What shared rate limits (REDIS_URL) add to a request (issue 23's target:
// p99 added latency <= 1 ms on loopback):
//
//   node dist/bench/redis-limits.js [--requests 5000] [--seconds 10] [--rounds 2]
//
// Debian's redis-server on a loopback port; the service started fresh with
// a limit no request reaches (RATE_LIMIT_PER_MINUTE=1e9, per day off), once
// with the window in the process and once in Redis, in turn, `--rounds`
// times. Each start: GET /api/v1/dictionary/word one request at a time
// (`--requests`, after 500 to warm up), latency of each from the client;
// then autocannon with 10 connections for `--seconds` (requests a second,
// p99). Skipped when redis-server is not installed.

import { parseArgs } from 'node:util';
import { RedisServer, REDIS_BINARY } from '../test/http/redis-server.js';
import { machine, percentile, rawGetter, runRound, startService } from './lib.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
  },
});

const PATH = `/api/v1/dictionary/word?q=${encodeURIComponent('घर')}`;

interface Measure {
  p50: number;
  p99: number;
  raw50: number;
  raw99: number;
  rps: number;
  ac99: number;
  non2xx: number;
}

async function measure(env: Record<string, string>): Promise<Measure> {
  const svc = await startService({ WORKERS: '2', RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_PER_DAY: '0', ...env });
  try {
    // The service says when Redis is its store: wait until health stops saying it counts per process.
    for (let i = 0; i < 100; i++) {
      const h = (await (await fetch(`${svc.url}/api/v1/health`)).json()) as { issues?: string[] };
      if (!(h.issues ?? []).some((x) => x.includes('counted per process'))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const one = async () => {
      const t = performance.now();
      const r = await fetch(svc.url + PATH);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
      return performance.now() - t;
    };
    for (let i = 0; i < 500; i++) await one();
    const xs: number[] = [];
    for (let i = 0; i < Number(args.requests); i++) xs.push(await one());
    const raw = await rawGetter(svc.url);
    const rs: number[] = [];
    try {
      for (let i = 0; i < 500; i++) await raw.get(PATH);
      for (let i = 0; i < Number(args.requests); i++) rs.push(await raw.get(PATH));
    } finally {
      raw.close();
    }
    const ac = await runRound(svc.url, { name: 'word', path: PATH }, Number(args.seconds), 10);
    return {
      p50: percentile(xs, 50),
      p99: percentile(xs, 99),
      raw50: percentile(rs, 50),
      raw99: percentile(rs, 99),
      rps: ac.rps,
      ac99: ac.p99,
      non2xx: ac.non2xx,
    };
  } finally {
    await svc.stop();
  }
}

console.log(`${machine()}; ${new Date().toISOString()}`);
if (!REDIS_BINARY) {
  console.log('redis-server is not installed: skipped');
} else {
  const redis = await RedisServer.start();
  try {
    for (let round = 1; round <= Number(args.rounds); round++) {
      const local = await measure({});
      const shared = await measure({ REDIS_URL: redis.url });
      const row = (name: string, m: Measure) =>
        `${name}: one at a time, fetch p50 ${m.p50.toFixed(3)} ms, p99 ${m.p99.toFixed(3)} ms; bare socket p50 ${m.raw50.toFixed(3)} ms, p99 ${m.raw99.toFixed(3)} ms; 10 connections ${Math.round(m.rps)} req/s, p99 ${m.ac99} ms, non-2xx ${m.non2xx}`;
      console.log(`round ${round}`);
      console.log('  ' + row('in the process', local));
      console.log('  ' + row('in Redis      ', shared));
      console.log(
        `  added by Redis: fetch p50 ${(shared.p50 - local.p50).toFixed(3)} ms, p99 ${(shared.p99 - local.p99).toFixed(3)} ms; bare socket p50 ${(shared.raw50 - local.raw50).toFixed(3)} ms, p99 ${(shared.raw99 - local.raw99).toFixed(3)} ms; throughput ${((shared.rps / local.rps) * 100).toFixed(0)}% of in-process`,
      );
    }
  } finally {
    await redis.stop();
  }
}
