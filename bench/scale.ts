// How latency and throughput of spellcheck change with the worker count
// (WORKERS 1/2/4) and the text size (1k/5k/10k characters). Writes a table
// and bench/scale.svg (two small line charts).
//
//   node dist/bench/scale.js [--seconds 5] [--connections 10]

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, machine, nearLimitText, residentMiB, runRound, startService } from './lib.js';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } } });
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const WORKERS = [1, 2, 4];
const SIZES = [1000, 5000, 10000];

/** A text of about `chars` characters and at most 1,000 words, from the near-limit text's words. */
function textOfSize(words: string[], chars: number): string {
  const need = chars / 1000 - 1; // average word length that fits 1,000 words
  const pool = words.filter((w) => w.length >= Math.min(need, 12));
  const src = pool.length > 50 ? pool : words;
  const out: string[] = [];
  let len = 0;
  for (let i = 0; len < chars - 1; i++) {
    const w = src[i % src.length]!;
    if (len + w.length + 1 > chars) break;
    out.push(w);
    len += w.length + 1;
    if (out.length >= 1000) break;
  }
  return out.join(' ');
}

const near = await nearLimitText();
const words = near.text.split(/\s+/).filter(Boolean);
const texts = SIZES.map((s) => textOfSize(words, s));
type Row = { workers: number; chars: number; words: number; rps: number; p50: number; p99: number; rssMiB: number };
const rows: Row[] = [];
for (const w of WORKERS) {
  const svc = await startService({ WORKERS: String(w) });
  try {
    for (let i = 0; i < SIZES.length; i++) {
      const s = { name: `spellcheck ${SIZES[i]}`, method: 'POST' as const, path: '/api/v1/spellcheck/text', body: JSON.stringify({ text: texts[i] }) };
      await runRound(svc.url, s, 1, CONNECTIONS);
      const r = await runRound(svc.url, s, SECONDS, CONNECTIONS);
      rows.push({
        workers: w,
        chars: [...texts[i]!].length,
        words: texts[i]!.split(' ').length,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        rssMiB: residentMiB(svc.pid),
      });
      console.error(`  workers=${w} chars=${SIZES[i]}: ${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`);
    }
  } finally {
    await svc.stop();
  }
}

console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
console.log(`Command: node dist/bench/scale.js --seconds ${SECONDS} --connections ${CONNECTIONS}`);
console.log('');
console.log('| WORKERS | characters | words | req/s | p50 ms | p99 ms | RSS MiB |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.workers} | ${r.chars} | ${r.words} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.rssMiB.toFixed(0)} |`);

// --- SVG: requests/s and p99 against text size, one line per worker count
function chart(x0: number, title: string, value: (r: Row) => number, unit: string): string {
  const W = 360;
  const H = 240;
  const pad = 45;
  const max = Math.max(...rows.map(value)) * 1.1 || 1;
  const sx = (c: number): number => x0 + pad + ((c - 1000) / 9000) * (W - 2 * pad);
  const sy = (v: number): number => H - pad + 10 - (v / max) * (H - 2 * pad);
  const colors = ['#1b6ac9', '#d1495b', '#2e933c'];
  let svg = `<text x="${x0 + W / 2}" y="18" text-anchor="middle" font-size="13">${title}</text>`;
  svg += `<line x1="${x0 + pad}" y1="${H - pad + 10}" x2="${x0 + W - pad}" y2="${H - pad + 10}" stroke="#333"/><line x1="${x0 + pad}" y1="${pad - 10}" x2="${x0 + pad}" y2="${H - pad + 10}" stroke="#333"/>`;
  for (const c of SIZES) svg += `<text x="${sx(c)}" y="${H - pad + 25}" text-anchor="middle" font-size="10">${c / 1000}k chars</text>`;
  for (let t = 0; t <= 4; t++)
    svg += `<text x="${x0 + pad - 5}" y="${sy((max / 4) * t) + 3}" text-anchor="end" font-size="9">${((max / 4) * t).toFixed(0)}</text>`;
  svg += `<text x="${x0 + 12}" y="${H / 2}" font-size="10" transform="rotate(-90 ${x0 + 12} ${H / 2})" text-anchor="middle">${unit}</text>`;
  WORKERS.forEach((w, i) => {
    const pts = rows.filter((r) => r.workers === w).map((r) => `${sx(SIZES[rows.filter((x) => x.workers === w).indexOf(r)]!)},${sy(value(r))}`);
    svg += `<polyline fill="none" stroke="${colors[i]}" stroke-width="2" points="${pts.join(' ')}"/>`;
    svg += `<text x="${x0 + pad + i * 100}" y="${H + 18}" font-size="10" fill="${colors[i]}">WORKERS=${w}</text>`;
  });
  return svg;
}
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="275" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>${chart(0, 'spellcheck throughput', (r) => r.rps, 'requests/s')}${chart(390, 'spellcheck p99 latency', (r) => r.p99, 'ms')}</svg>\n`;
writeFileSync(join(ROOT, 'bench/scale.svg'), svg);
console.log('\nPlot: bench/scale.svg');
