// Soak run (not CI): 5 minutes at 80% of the measured capacity of a mixed
// workload, reporting errors and resident-memory drift.
//
//   node dist/bench/soak.js [--minutes 5] [--capacity-seconds 10]

import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machine, residentMiB, startService } from './lib.js';

const { values: args } = parseArgs({ options: { minutes: { type: 'string', default: '5' }, 'capacity-seconds': { type: 'string', default: '10' } } });
const q = encodeURIComponent;
const headers = { 'content-type': 'application/json' };
const requests = [
  { method: 'GET' as const, path: `/api/v1/dictionary/word?q=${q('घर')}`, headers },
  { method: 'GET' as const, path: `/api/v1/dictionary/suggest?q=${q('ने')}`, headers },
  { method: 'GET' as const, path: `/api/v1/spellcheck/word?word=${q('नेपालि')}`, headers },
  { method: 'POST' as const, path: '/api/v1/spellcheck/text', headers, body: JSON.stringify({ text: 'म घर जान्छु। हाम्रो देश नेपाल हो। '.repeat(20) }) },
  { method: 'POST' as const, path: '/api/v1/romanization/resolve', headers, body: JSON.stringify({ text: 'mero naam ram ho, ma nepal ma baschu' }) },
];

const svc = await startService();
try {
  const cap = await autocannon({ url: svc.url, connections: 50, duration: Number(args['capacity-seconds']), requests });
  const target = Math.floor(cap.requests.average * 0.8);
  const startMiB = residentMiB(svc.pid);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(residentMiB(svc.pid)), 5000);
  const r = await autocannon({ url: svc.url, connections: 50, overallRate: target, duration: Number(args.minutes) * 60, requests });
  clearInterval(sampler);
  const endMiB = residentMiB(svc.pid);
  console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
  console.log(`Command: node dist/bench/soak.js --minutes ${args.minutes}`);
  console.log(`capacity ${cap.requests.average.toFixed(0)} req/s; soak at ${target} req/s for ${args.minutes} min`);
  console.log(`requests ${r.requests.total}, errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}, p99 ${r.latency.p99} ms`);
  console.log(
    `resident memory: start ${startMiB.toFixed(0)} MiB, end ${endMiB.toFixed(0)} MiB, max ${Math.max(...samples, endMiB).toFixed(0)} MiB, drift ${(endMiB - startMiB).toFixed(0)} MiB`,
  );
} finally {
  await svc.stop();
}
