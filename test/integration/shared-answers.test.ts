// Answers that worker threads write into the shared answer buffers
// (src/dispatch/answer-buffers.ts): many large answers at once, more than
// there are buffers, each arriving whole and as the same text sent alone
// gets it, in every coding; and the buffers all free again afterwards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { exchange } from '../http/exchange.js';
import { syllableTexts } from './random.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService } from './service.js';

const ROMAN = 'mero naam ram ho. ma nepal ma baschu, timi kaha jadai chau? aaja mausam ramro cha! yo kitab padhna sajilo chha. kripaya chando aaunuhos. ';

function romanTexts(count: number): string[] {
  const words = ROMAN.trim().split(' ');
  // Each text its own rotation of the words and its own length, up to 1,000 tokens.
  return Array.from({ length: count }, (_, i) => {
    const n = 600 + ((i * 37) % 400);
    return Array.from({ length: n }, (_, k) => words[(k + i * 7) % words.length]).join(' ');
  });
}

test('40 large answers at once through the shared answer buffers: each whole and identical to its answer alone, in every coding', { skip: SKIP_WITHOUT_DATA, timeout: 120_000 }, async (t) => {
  const svc = await startTestService({ workers: 2 });
  t.after(() => svc.close());
  const jobs = [
    ...romanTexts(5).map((text) => ({ path: '/api/v1/romanization/resolve', body: JSON.stringify({ text, max_candidates: 10 }) })),
    ...syllableTexts(3, 900, 11).map((text) => ({ path: '/api/v1/spellcheck/text', body: JSON.stringify({ text }) })),
  ];
  const headers = { 'content-type': 'application/json' };
  const alone: Buffer[] = [];
  for (const j of jobs) {
    const r = await exchange(svc.port, 'POST', j.path, headers, j.body);
    assert.equal(r.status, 200);
    alone.push(r.body);
  }
  const codings = ['identity', 'gzip', 'br', 'identity', 'br'];
  const sent = Array.from({ length: 40 }, (_, i) => ({ job: i % jobs.length, coding: codings[i % codings.length]! }));
  const answers = await Promise.all(sent.map((s) => exchange(svc.port, 'POST', jobs[s.job]!.path, { ...headers, 'accept-encoding': s.coding }, jobs[s.job]!.body)));
  for (const [i, r] of answers.entries()) {
    assert.equal(r.status, 200, `request ${i}`);
    const enc = r.headers['content-encoding'];
    const body = enc === 'gzip' ? gunzipSync(r.body) : enc === 'br' ? brotliDecompressSync(r.body) : r.body;
    assert.equal(enc ?? 'identity', sent[i]!.coding, `request ${i}: its coding`);
    assert.ok(body.equals(alone[sent[i]!.job]!), `request ${i}: the same bytes as its text alone`);
  }
  assert.ok(alone.some((b) => b.length > 300_000), 'some answers are large (romanization of up to 1,000 tokens)');
  // Every buffer given back once its answer was written.
  assert.equal(svc.services.answerBuffersLeased(), 0);
});
