// Request bodies and worker answers share memory kept for reuse (worker/
// transfer.ts, dispatch/spare-buffers.ts): a body's memory serves the next
// body or answer once decoded, an answer's once written. On the real service
// and data: many long texts at once, in both APIs, compressed and not, each
// answered byte for byte as when it was sent alone (documents too, whose
// body is read while its pieces are checked), and the memory was reused
// (the main thread keeps spares).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mainSpares } from '../../src/dispatch/spare-buffers.js';
import { SPARE_MIN_BYTES } from '../../src/worker/transfer.js';
import { prng } from './random.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';

let service: TestService;
before(async () => {
  if (!SKIP_WITHOUT_DATA) service = await startTestService();
});
after(() => service?.close());

// Words and misspellings the answers name, in orders of their own: each text's answer differs in its words' places.
const WORDS = [
  'हामी',
  'पानि',
  'खान्छौँ',
  'यो',
  'छेत्र',
  'राम्रो',
  'छ',
  'नेपाल',
  'सरकार',
  'बिद्यालय',
  'घर',
  'मान्छे',
  'किताब',
  'पढ्छ',
  'सहर',
  'गाउँ',
  'दिन',
  'रात',
  'भात',
  'कलम',
];

function textOf(seed: number, words: number): string {
  const rand = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]! + (i % 12 === 11 ? '।' : ''));
  return out.join(' ');
}

interface Ask {
  path: string;
  body: string;
  type: string;
  gzip: boolean;
}

async function send(a: Ask): Promise<string> {
  const r = await fetch(service.base + a.path, {
    method: 'POST',
    body: a.body,
    headers: { 'content-type': a.type, 'accept-encoding': a.gzip ? 'gzip' : 'identity' },
  });
  const body = await r.text();
  assert.equal(r.status, 200, body.slice(0, 200));
  return body;
}

test('long texts at once are each answered as alone, while bodies and answers reuse memory', { skip: SKIP_WITHOUT_DATA, timeout: 120_000 }, async () => {
  const asks: Ask[] = [];
  for (let i = 0; i < 12; i++) {
    const text = textOf(i + 1, 400 + 50 * i);
    const gzip = i % 3 === 0;
    asks.push({ path: '/v2/check', body: new URLSearchParams({ language: 'ne-NP', text }).toString(), type: 'application/x-www-form-urlencoded', gzip });
    asks.push({ path: '/api/v1/spellcheck/text', body: JSON.stringify({ text }), type: 'application/json', gzip });
    asks.push({
      path: '/api/v1/romanization/resolve',
      body: JSON.stringify({ text: `mero naam ${i} ${'ghar '.repeat(300 + i)}` }),
      type: 'application/json',
      gzip,
    });
  }
  assert.ok(
    asks.some((a) => Buffer.byteLength(a.body) >= SPARE_MIN_BYTES),
    'some bodies are long enough to be kept',
  );
  const alone: string[] = [];
  for (const a of asks) alone.push(await send(a));
  for (let round = 0; round < 4; round++) {
    // Every ask at once, in an order of the round's own.
    const order = asks.map((_, i) => i).sort((x, y) => ((x * 7 + round * 5) % asks.length) - ((y * 7 + round * 5) % asks.length));
    const got = await Promise.all(order.map((i) => send(asks[i]!)));
    order.forEach((i, k) => assert.equal(got[k], alone[i], `round ${round}: ${asks[i]!.path}, ask ${i}`));
  }
  assert.ok(mainSpares.size > 0, 'the main thread keeps memory for reuse');
});

test(
  'a document body, read while its pieces are checked, is never kept for reuse; a decoded body and a written answer are',
  { skip: SKIP_WITHOUT_DATA },
  async () => {
    while (mainSpares.take() !== null);
    await send({ path: '/api/v1/spellcheck/document', body: textOf(7, 25_000), type: 'text/plain; charset=utf-8', gzip: false });
    assert.equal(mainSpares.size, 0, "the document's body was kept");
    await send({
      path: '/v2/check',
      body: new URLSearchParams({ language: 'ne-NP', text: textOf(8, 900) }).toString(),
      type: 'application/x-www-form-urlencoded',
      gzip: false,
    });
    // The body, once its parameters were read, went with the job to its worker and came back holding the answer, kept once written.
    assert.equal(mainSpares.size, 1);
  },
);
