// POST /api/v1/{spellcheck,romanization}/document over the fake services:
// the body (text/plain or JSON, the byte limit, UTF-8), the NDJSON lines
// (pieces in order, offsets in the whole document, totals), failures before
// and after the first line, compression as it streams, and the rate limits
// (every piece a request; whole or refused).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Lines, LinesJobOptions, LinesTask, Outcome } from '../../src/dispatch/services.js';
import { startTestServer } from './harness.js';

interface Result {
  status: number;
  headers: Headers;
  lines: any[];
  text: string;
}

async function post(
  base: string,
  path: string,
  body: string | Uint8Array,
  contentType = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
): Promise<Result> {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
  const text = await r.text();
  const isNdjson = r.headers.get('content-type') === 'application/x-ndjson';
  return {
    status: r.status,
    headers: r.headers,
    text,
    lines: isNdjson
      ? text
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [JSON.parse(text)],
  };
}

/** n words of the fake's vocabulary, with a misspelling (दिनन) every 7th. */
function nepali(n: number): string {
  const vocab = ['घर', 'नेपाल', 'राम्रो', 'छ', 'हो', 'किताब'];
  return Array.from({ length: n }, (_, i) => (i % 7 === 3 ? 'दिनन' : vocab[i % vocab.length])).join(' ');
}

test('a document as text/plain: lines in order, offsets of the whole document, pieces tiling it, then totals', async (t) => {
  const s = await startTestServer(t);
  const doc = nepali(2500) + '।\n\n' + nepali(300);
  const r = await post(s.base, '/api/v1/spellcheck/document', doc);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'application/x-ndjson');
  assert.equal(r.headers.get('vary'), 'Accept-Encoding');
  const pieces = r.lines.slice(0, -1);
  const totals = r.lines.at(-1).totals;
  assert.ok(pieces.length >= 4);
  let at = 0;
  let misspelled = 0;
  for (const [i, p] of pieces.entries()) {
    assert.equal(p.piece, i);
    assert.equal(p.start, at);
    at = p.end;
    for (const w of p.misspelled) {
      for (const o of w.occurrences) {
        assert.equal(doc.slice(o.start, o.end), w.word, 'occurrences point into the whole document');
        assert.ok(o.start >= p.start && o.end <= p.end);
        misspelled++;
      }
    }
  }
  assert.equal(at, doc.length);
  assert.equal(totals.pieces, pieces.length);
  assert.equal(totals.words, 2800);
  assert.equal(totals.misspelled, misspelled);
  assert.equal(totals.failed, 0);
  assert.ok(totals.elapsed_ms >= 0);
  // The same document as JSON gives the same lines (totals aside).
  const j = await post(s.base, '/api/v1/spellcheck/document', JSON.stringify({ text: doc }), 'application/json');
  assert.deepEqual(j.lines.slice(0, -1), pieces);
});

test('a romanization document: text, converted_text and token offsets per piece; max_candidates from the query or the JSON body', async (t) => {
  const s = await startTestServer(t);
  const doc = 'mero ghar nepal ma cha.\n\nDin ramro cha, ghar ma basnus.';
  const r = await post(s.base, '/api/v1/romanization/document?max_candidates=1', doc);
  assert.equal(r.status, 200);
  const [piece, totals] = r.lines;
  assert.equal(piece.text, doc);
  for (const tok of piece.tokens) {
    assert.equal(doc.slice(tok.start, tok.end), tok.token);
    assert.ok(tok.candidates.length <= 1);
  }
  assert.equal(totals.totals.tokens, piece.tokens.length);
  assert.equal(totals.totals.resolved + totals.totals.ambiguous + totals.totals.unresolved, piece.tokens.length);
  const j = await post(s.base, '/api/v1/romanization/document?max_candidates=1', JSON.stringify({ text: doc, max_candidates: 2 }), 'application/json');
  assert.ok(
    j.lines[0].tokens.some((t: { candidates: unknown[] }) => t.candidates.length === 2),
    'the body field wins',
  );
  const bad = await post(s.base, '/api/v1/romanization/document?max_candidates=11', doc);
  assert.equal(bad.status, 400);
  assert.equal(bad.lines[0].error.code, 'INVALID_PARAMETER');
});

test('exactly DOCUMENT_MAX_BYTES is taken; one byte more is 413 in Shape B before any work, and the connection closes', async (t) => {
  const s = await startTestServer(t, { documentMaxBytes: 4096 });
  const exact = 'घर '.repeat(512).slice(0, -1); // 7 bytes a repeat
  const body = Buffer.concat([Buffer.from(exact), Buffer.alloc(4096 - Buffer.byteLength(exact), 0x20)]);
  assert.equal(body.length, 4096);
  const ok = await post(s.base, '/api/v1/spellcheck/document', body);
  assert.equal(ok.status, 200);
  assert.equal(ok.lines.at(-1).totals.words, 512);
  const calls = s.fake.calls.length;
  const over = await post(s.base, '/api/v1/spellcheck/document', Buffer.concat([body, Buffer.from(' ')]));
  assert.equal(over.status, 413);
  assert.deepEqual(over.lines[0], { detail: 'Document exceeds 4096 bytes' });
  assert.equal(over.headers.get('connection'), 'close');
  assert.equal(s.fake.calls.length, calls);
  // The same cap for a batch body, also in Shape B.
  const batch = await post(s.base, '/api/v1/spellcheck/batch', JSON.stringify({ items: [{ id: 1, text: 'क'.repeat(2000) }] }), 'application/json');
  assert.equal(batch.status, 413);
  assert.deepEqual(batch.lines[0], { detail: 'Request body exceeds 4096 bytes' });
});

test('invalid UTF-8 in the middle, a word no piece can hold, bad JSON: 400 in Shape B, no work done', async (t) => {
  const s = await startTestServer(t);
  const text = Buffer.from(nepali(2000));
  const broken = Buffer.concat([text.subarray(0, 6000), Buffer.from([0xe0, 0xa4]), text.subarray(6000)]);
  const cases: [Buffer | string, string, string][] = [
    [broken, 'text/plain', 'Request body is not valid UTF-8'],
    [`घर ${'क'.repeat(10_001)}`, 'text/plain', 'Document has a word of more than 10000 characters (at offset 3); it cannot be split into pieces'],
    ['{"text": ', 'application/json', 'Request body is not valid JSON'],
    ['[]', 'application/json', 'Request body must be a JSON object'],
    ['{"txt": "घर"}', 'application/json', "Field 'text' is required"],
    ['{"text": 5}', 'application/json', "Field 'text' must be a string"],
  ];
  for (const [body, type, detail] of cases) {
    const r = await post(s.base, '/api/v1/spellcheck/document', body, type);
    assert.equal(r.status, 400, detail);
    assert.deepEqual(r.lines[0], { detail });
  }
  const roman = await post(s.base, '/api/v1/romanization/document', `ghar ${Array.from({ length: 2001 }, () => 'a').join('.')}`);
  assert.deepEqual(roman.lines[0], { detail: 'Document has a word of more than 2000 tokens (at offset 5); it cannot be split into pieces' });
  assert.equal(s.fake.calls.filter((c) => c.method === 'runLines').length, 0);
  // Media types: text/plain in another charset, or anything else, is 415 (Shape A, as for every endpoint).
  for (const type of ['text/plain; charset=latin1', 'application/xml']) {
    const r = await post(s.base, '/api/v1/spellcheck/document', 'घर', type);
    assert.equal(r.status, 415, type);
    assert.equal(r.lines[0].error.code, 'UNSUPPORTED_MEDIA_TYPE');
  }
  // max_candidates is romanization's: checked there, ignored by spellcheck as /spellcheck/text ignores it.
  const mc = '{"text": "घर", "max_candidates": 11}';
  assert.deepEqual((await post(s.base, '/api/v1/romanization/document', mc, 'application/json')).lines[0], {
    detail: "Field 'max_candidates' must be an integer between 1 and 10",
  });
  assert.equal((await post(s.base, '/api/v1/spellcheck/document', mc, 'application/json')).status, 200);
  // A byte order mark is a character: offsets count it.
  const bom = await post(s.base, '/api/v1/spellcheck/document', '\uFEFFदिनन घर');
  assert.deepEqual(bom.lines[0].misspelled[0].occurrences, [{ start: 1, end: 5 }]);
});

test('the first piece refused as overload: 503 with Retry-After before any line; a later failure is an error line', async (t) => {
  const s = await startTestServer(t);
  const doc = nepali(3000);
  s.fake.failures.runLines = 'SERVICE_UNAVAILABLE';
  const refused = await post(s.base, '/api/v1/spellcheck/document', doc);
  assert.equal(refused.status, 503);
  assert.equal(refused.lines[0].error.code, 'SERVICE_UNAVAILABLE');
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  delete s.fake.failures.runLines;
  // Piece 2 fails inside: its error line, the others answered, totals count it.
  const run = s.fake.runLines.bind(s.fake);
  s.fake.runLines = (task: LinesTask, o?: LinesJobOptions): Promise<Outcome<Lines>> =>
    task.name === 'spellcheckPiece' && task.piece === 2 ? Promise.resolve({ ok: false, code: 'INTERNAL_ERROR', message: 'secret detail' }) : run(task, o);
  const r = await post(s.base, '/api/v1/spellcheck/document', doc);
  assert.equal(r.status, 200);
  const failed = r.lines.find((l) => l.error);
  assert.equal(failed.piece, 2);
  assert.deepEqual(failed.error, { code: 'INTERNAL_ERROR', message: 'Internal server error' });
  assert.equal(typeof failed.start, 'number');
  assert.equal(r.lines.at(-1).totals.failed, 1);
  assert.equal(r.lines.filter((l) => l.misspelled).length, r.lines.at(-1).totals.pieces - 1);
  assert.ok(!r.text.includes('secret'));
});

test('a streamed answer is compressed as it streams when the client accepts gzip', async (t) => {
  const s = await startTestServer(t);
  const doc = nepali(3000);
  const plain = await post(s.base, '/api/v1/spellcheck/document', doc);
  const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: s.port,
        method: 'POST',
        path: '/api/v1/spellcheck/document',
        headers: { 'content-type': 'text/plain', 'accept-encoding': 'gzip' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(doc);
  });
  assert.equal(raw.headers['content-encoding'], 'gzip');
  assert.equal(raw.headers['transfer-encoding'], 'chunked');
  const lines = gunzipSync(raw.body)
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  assert.deepEqual(lines.slice(0, -1), plain.lines.slice(0, -1));
  assert.ok(raw.body.length < plain.text.length / 3);
});

test('rate limits: every piece is a request; a document the quota cannot take now is 429, one no window can hold 400; neither counted', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 30, rateLimitPerDay: 1000 });
  const five = nepali(4000); // 125 + 1,000 + 1,000 + 1,000 + 875 words: 5 pieces
  const r = await post(s.base, '/api/v1/spellcheck/document', five);
  assert.equal(r.status, 200);
  assert.equal(r.lines.at(-1).totals.pieces, 5);
  assert.equal(r.headers.get('ratelimit-remaining'), '25');
  // 31 pieces: more than a minute's 30.
  const huge = await post(s.base, '/api/v1/spellcheck/document', nepali(30_000));
  assert.equal(huge.status, 400);
  assert.match(
    huge.lines[0].detail,
    /^Document needs 31 requests of your rate limit \(one per piece\), more than a window of it holds \(30;w=60, 1000;w=86400\)/,
  );
  assert.equal(huge.headers.get('ratelimit-remaining'), '25', 'the refused document is not counted');
  // 21 pieces fit a minute but not the 25 left... after four more requests.
  for (let i = 0; i < 5; i++) await fetch(`${s.base}/api/v1/dictionary/word?q=${encodeURIComponent('घर')}`);
  const later = await post(s.base, '/api/v1/spellcheck/document', nepali(20_000));
  assert.equal(later.status, 429);
  assert.equal(later.lines[0].error.code, 'RATE_LIMIT_EXCEEDED');
  assert.match(later.lines[0].error.message, /needs 21 requests/);
  assert.ok(later.lines[0].error.retry_after >= 1 && later.lines[0].error.retry_after <= 60);
  assert.equal(later.headers.get('retry-after'), String(later.lines[0].error.retry_after));
  assert.equal(later.headers.get('ratelimit-remaining'), '20');
});
