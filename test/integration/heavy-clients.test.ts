// Issue 24 on the real service and data: whole documents and batches
// streamed as NDJSON, compressed answers, ETag/304. Counts and contents are
// asserted, never times.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { exchange } from '../http/exchange.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { isSpace } from '../../src/engine/lang/text.js';
import { lookupEntry } from '../../src/engine/lookup/entry.js';
import { LmdbStore } from '../../src/store/lmdb-store.js';
import { prng, syllableTexts } from './random.js';
import { BUILD_DIR, SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';
import { waitFor } from '../wait.js';

const PARAGRAPH =
  'हामी नेपाली भाषामा लेख्छौँ। नेपाल एक सुन्दर देश हो, जहाँ हिमाल र पहाड छन्। मेरो घर काठमाडौंमा छ र म हरेक दिन विद्यालय जान्छु। ' +
  'शरिर स्वस्थ राख्न पानि धेरै पिउनुपर्छ। ओबामा अमेरिकाका राष्ट्रपति थिए। किताब पढ्नु राम्रो बानी हो! के तपाईं आज आउनुहुन्छ? ' +
  'यो वाक्यमा इमोजी 🙏🏽 र अङ्क १२३ पनि छन्। e\u0301 combining ✍🏽।';
const ROMAN = 'mero naam ram ho. ma nepal ma baschu, timi kaha jadai chau? aaja mausam ramro cha! yo kitab padhna sajilo chha. ';

/** A document of `paragraphs` paragraphs built from the real paragraph and new words, deterministic. */
function nepaliDocument(paragraphs: number, seed: number): string {
  const rand = prng(seed);
  const fresh = syllableTexts(paragraphs, 40, seed);
  return Array.from({ length: paragraphs }, (_, i) => {
    const words = PARAGRAPH.split(' ');
    const cut = Math.floor(rand() * words.length);
    return [...words.slice(cut), fresh[i], ...words.slice(0, cut)].join(rand() < 0.2 ? '\n' : ' ');
  }).join('\n\n');
}

interface Streamed {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  lines: any[];
}

function postRaw(
  port: number,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return exchange(port, 'POST', path, headers, body);
}

async function stream(
  svc: TestService,
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' },
): Promise<Streamed> {
  const r = await postRaw(svc.port, path, body, headers);
  const enc = r.headers['content-encoding'];
  const text = (enc === 'gzip' ? gunzipSync(r.body) : enc === 'br' ? brotliDecompressSync(r.body) : r.body).toString('utf8');
  const ndjson = r.headers['content-type'] === 'application/x-ndjson';
  return {
    status: r.status,
    headers: r.headers,
    lines: ndjson
      ? text
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [JSON.parse(text)],
  };
}

async function postJson(svc: TestService, path: string, body: unknown): Promise<any> {
  const r = await fetch(svc.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, 200, path);
  return r.json();
}

function shift<T extends { start: number | null; end: number | null }>(o: T, by: number): T {
  return { ...o, start: o.start === null ? null : o.start + by, end: o.end === null ? null : o.end + by };
}

/** Piece lines tile the document, start at whitespace on a grapheme boundary. */
function checkPieces(doc: string, pieces: { piece: number; start: number; end: number }[]): void {
  const graphemes = new Set([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(doc)].map((s) => s.index));
  let at = 0;
  for (const [i, p] of pieces.entries()) {
    assert.equal(p.piece, i);
    assert.equal(p.start, at, `piece ${i} starts where the last ended`);
    if (i > 0) {
      assert.ok(isSpace(doc.charCodeAt(p.start)), `piece ${i} begins at whitespace, so no word is split`);
      assert.ok(graphemes.has(p.start), `piece ${i} begins at a grapheme boundary`);
    }
    at = p.end;
  }
  assert.equal(at, doc.length);
}

test(
  "spellcheck document: each piece line is the single endpoint's answer for the piece, offsets of the whole document",
  { skip: SKIP_WITHOUT_DATA, timeout: 120_000 },
  async (t) => {
    const svc = await startTestService();
    t.after(() => svc.close());
    const doc = nepaliDocument(60, 3);
    const r = await stream(svc, '/api/v1/spellcheck/document', doc);
    assert.equal(r.status, 200);
    const pieces = r.lines.slice(0, -1);
    const totals = r.lines.at(-1).totals;
    assert.ok(pieces.length >= 4, `${pieces.length} pieces`);
    checkPieces(doc, pieces);
    let misspelled = 0;
    let unknown = 0;
    for (const p of pieces) {
      for (const w of [...p.misspelled, ...p.unknown]) {
        for (const o of w.occurrences) assert.equal(doc.slice(o.start, o.end), w.word, 'an occurrence slices its word out of the whole document');
      }
      misspelled += p.misspelled.reduce((n: number, w: any) => n + w.occurrences.length, 0);
      unknown += p.unknown.reduce((n: number, w: any) => n + w.occurrences.length, 0);
      const single = await postJson(svc, '/api/v1/spellcheck/text', { text: doc.slice(p.start, p.end) });
      const moved = (list: any[]) => list.map((w) => ({ ...w, occurrences: w.occurrences.map((o: any) => shift(o, p.start)) }));
      assert.deepEqual({ misspelled: p.misspelled, unknown: p.unknown }, { misspelled: moved(single.misspelled), unknown: moved(single.unknown) });
    }
    assert.ok(misspelled > 0 && unknown > 0);
    assert.deepEqual([totals.pieces, totals.misspelled, totals.unknown, totals.failed], [pieces.length, misspelled, unknown, 0]);
  },
);

test(
  'romanization document: pieces as /resolve answers them, token offsets in the whole document; gzip as it streams',
  { skip: SKIP_WITHOUT_DATA, timeout: 120_000 },
  async (t) => {
    const svc = await startTestService();
    t.after(() => svc.close());
    const doc = Array.from({ length: 30 }, (_, i) => ROMAN.repeat(8 + (i % 5)).trim()).join('\n\n');
    const r = await stream(svc, '/api/v1/romanization/document?max_candidates=2', doc, { 'content-type': 'text/plain', 'accept-encoding': 'gzip' });
    assert.equal(r.headers['content-encoding'], 'gzip');
    const pieces = r.lines.slice(0, -1);
    checkPieces(doc, pieces);
    assert.equal(pieces.map((p) => p.text).join(''), doc);
    for (const p of pieces.slice(0, 3)) {
      for (const tok of p.tokens) assert.equal(doc.slice(tok.start, tok.end), tok.token);
      const single = await postJson(svc, '/api/v1/romanization/resolve', { text: p.text, max_candidates: 2 });
      assert.equal(p.converted_text, single.converted_text);
      assert.deepEqual(
        p.tokens,
        single.tokens.map((tok: any) => shift(tok, p.start)),
      );
    }
    assert.equal(
      r.lines.at(-1).totals.tokens,
      pieces.reduce((n, p) => n + p.tokens.length, 0),
    );
  },
);

test(
  'document limits: exactly DOCUMENT_MAX_BYTES is answered, one byte more is 413 in Shape B; invalid UTF-8 in the middle is 400',
  { skip: SKIP_WITHOUT_DATA, timeout: 60_000 },
  async (t) => {
    const svc = await startTestService({ documentMaxBytes: 65_536 });
    t.after(() => svc.close());
    const base = Buffer.from(nepaliDocument(80, 5));
    assert.ok(base.length > 65_536);
    // Cut at a character boundary, then pad with spaces to the byte.
    let cut = 65_536;
    while ((base[cut]! & 0xc0) === 0x80) cut--;
    const exact = Buffer.concat([base.subarray(0, cut), Buffer.alloc(65_536 - cut, 0x20)]);
    const ok = await stream(svc, '/api/v1/spellcheck/document', exact);
    assert.equal(ok.status, 200);
    assert.equal(ok.lines.at(-1).totals.failed, 0);
    assert.equal(ok.lines.at(-2).end, exact.toString('utf8').length);
    const over = await stream(svc, '/api/v1/spellcheck/document', Buffer.concat([exact, Buffer.from(' ')]));
    assert.equal(over.status, 413);
    assert.deepEqual(over.lines[0], { detail: 'Document exceeds 65536 bytes' });
    const broken = Buffer.concat([base.subarray(0, 30_000), Buffer.from([0xf0, 0x9f, 0x99]), base.subarray(30_000, 60_000)]);
    const bad = await stream(svc, '/api/v1/spellcheck/document', broken);
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.lines[0], { detail: 'Request body is not valid UTF-8' });
  },
);

test('a client that goes away mid-stream stops the pool working on its document', { skip: SKIP_WITHOUT_DATA, timeout: 120_000 }, async (t) => {
  const svc = await startTestService({ workers: 2 });
  t.after(() => svc.close());
  const health = async () =>
    (await (await fetch(`${svc.base}/api/v1/health`)).json()) as { pool: { admitted: number; cancelled: number; running: number; queued: number } };
  // 150 pieces of words no one has sent: seconds of work in all.
  const doc = syllableTexts(150, 1000, 77).join('\n\n');
  const before = await health();
  const sock = connect(svc.port, '127.0.0.1');
  sock.on('error', () => {});
  const body = Buffer.from(doc);
  sock.write(`POST /api/v1/spellcheck/document HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n`);
  sock.write(body);
  // Wait for the first lines, then hang up.
  await new Promise<void>((resolve) => {
    let seen = '';
    sock.on('data', (d: Buffer) => {
      seen += d.toString('latin1');
      if ((seen.match(/"piece":/g) ?? []).length >= 2) resolve();
    });
  });
  sock.destroy();
  const h = await waitFor('the pool to be idle', async () => {
    const now = await health();
    return now.pool.running === 0 && now.pool.queued === 0 ? now : null;
  });
  const ran = h.pool.admitted - before.pool.admitted;
  t.diagnostic(`pieces run after the hang-up: ${ran} of 151; cancelled ${h.pool.cancelled - before.pool.cancelled}`);
  assert.ok(ran < 30, `the pool stopped (${ran} pieces admitted of 151)`);
  assert.ok(h.pool.cancelled - before.pool.cancelled >= 1, 'the pieces in flight were cancelled');
  // The service still answers.
  const r = await stream(svc, '/api/v1/spellcheck/document', PARAGRAPH);
  assert.equal(r.status, 200);
});

test(
  'batches on the real data: valid and invalid items mixed, each answered as its endpoint answers',
  { skip: SKIP_WITHOUT_DATA, timeout: 60_000 },
  async (t) => {
    const svc = await startTestService();
    t.after(() => svc.close());
    const words = ['नेपाल', 'पानि', 'घर', 'कखगघङ', 'अर्थ'];
    const r = await stream(
      svc,
      '/api/v1/spellcheck/batch',
      JSON.stringify({
        items: [...words.map((word, i) => ({ id: `w${i}`, word })), { id: 'text', text: PARAGRAPH }, { id: 'bad', word: 'दुई शब्द' }, { id: 'none' }],
      }),
      { 'content-type': 'application/json' },
    );
    assert.equal(r.status, 200);
    const byId = new Map(r.lines.map((l) => [l.id, l]));
    assert.equal(byId.size, 8);
    for (const [i, word] of words.entries()) {
      const single = await (await fetch(`${svc.base}/api/v1/spellcheck/word?word=${encodeURIComponent(word)}`)).json();
      assert.deepEqual(byId.get(`w${i}`).result, single, word);
    }
    assert.deepEqual(byId.get('text').result, await postJson(svc, '/api/v1/spellcheck/text', { text: PARAGRAPH }));
    assert.match(byId.get('bad').detail, /one word/);
    assert.equal(byId.get('none').detail, "Provide either 'text' or 'word'");
    const dict = await stream(
      svc,
      '/api/v1/dictionary/batch',
      JSON.stringify({
        items: [
          { id: 1, word: 'अर्थ' },
          { id: 2, word: 'कखगघङ' },
          { id: 3, word: '' },
        ],
      }),
      { 'content-type': 'application/json' },
    );
    const d = new Map(dict.lines.map((l) => [l.id, l]));
    assert.deepEqual(d.get(1).result, await (await fetch(`${svc.base}/api/v1/dictionary/word?q=${encodeURIComponent('अर्थ')}`)).json());
    const missing = await (await fetch(`${svc.base}/api/v1/dictionary/word?q=${encodeURIComponent('कखगघङ')}`)).json();
    assert.deepEqual({ error: d.get(2).error, similar_words: d.get(2).similar_words }, missing);
    assert.match(d.get(3).detail, /word/);
  },
);

test(
  'rate limits on the real service: a 40-item batch gets 30 answers and 10 429 lines; a document is counted by its pieces',
  { skip: SKIP_WITHOUT_DATA, timeout: 60_000 },
  async (t) => {
    const svc = await startTestService({ rateLimitPerMinute: 30, rateLimitPerDay: 1000 });
    t.after(() => svc.close());
    const doc = nepaliDocument(12, 9);
    const d = await stream(svc, '/api/v1/spellcheck/document', doc);
    const pieces = d.lines.at(-1).totals.pieces;
    assert.ok(pieces >= 2);
    assert.equal(d.headers['ratelimit-remaining'], String(30 - pieces));
    const left = 30 - pieces;
    const b = await stream(svc, '/api/v1/dictionary/batch', JSON.stringify({ items: Array.from({ length: left + 10 }, (_, i) => ({ id: i, word: 'घर' })) }), {
      'content-type': 'application/json',
    });
    assert.equal(b.lines.filter((l) => l.result).length, left);
    const limited = b.lines.filter((l) => l.error?.code === 'RATE_LIMIT_EXCEEDED');
    assert.equal(limited.length, 10);
    assert.ok(limited.every((l) => l.index >= left && l.error.retry_after >= 1));
    assert.equal((await fetch(`${svc.base}/api/v1/dictionary/word?q=x`)).status, 429);
  },
);

test(
  'compression from the worker: a 1,000-token romanization in br and gzip decodes to the identity answer; ETag/304 on the real build',
  { skip: SKIP_WITHOUT_DATA, timeout: 60_000 },
  async (t) => {
    const svc = await startTestService();
    t.after(() => svc.close());
    const text = ROMAN.repeat(60).trim().split(' ').slice(0, 1000).join(' ');
    const body = JSON.stringify({ text });
    const headers = { 'content-type': 'application/json' };
    const plain = await postRaw(svc.port, '/api/v1/romanization/resolve', body, headers);
    const br = await postRaw(svc.port, '/api/v1/romanization/resolve', body, { ...headers, 'accept-encoding': 'br' });
    const gz = await postRaw(svc.port, '/api/v1/romanization/resolve', body, { ...headers, 'accept-encoding': 'gzip;q=0.9, identity;q=0.1' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(brotliDecompressSync(br.body), plain.body);
    assert.deepEqual(gunzipSync(gz.body), plain.body);
    t.diagnostic(
      `1,000 tokens: ${plain.body.length} bytes, br ${br.body.length} (1/${(plain.body.length / br.body.length).toFixed(1)}), gzip ${gz.body.length}`,
    );
    assert.ok(br.body.length * 8 <= plain.body.length, 'br at most 1/8 of the bytes');
    const url = `${svc.base}/api/v1/dictionary/word?q=${encodeURIComponent('अर्थ')}`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    assert.match(etag, new RegExp(`^W/"${svc.services.dataVersion()}-`));
    assert.equal((await fetch(url, { headers: { 'if-none-match': etag } })).status, 304);
  },
);

test("the real store holds every entry's answer as JSON bytes, the same as formatting its record", { skip: SKIP_WITHOUT_DATA, timeout: 60_000 }, () => {
  const store = new LmdbStore(BUILD_DIR, null);
  try {
    let n = 0;
    for (const p of 'कखगचजतदनपबमरलसहअआइउएओ') {
      for (const w of store.completions(p)) {
        const stored = store.entryJson(w);
        assert.ok(stored, `${w} has its JSON`);
        assert.equal(Buffer.from(stored).toString('utf8'), JSON.stringify(lookupEntry(store, w)), w);
        n++;
      }
    }
    assert.ok(n > 500, `${n} headwords compared`);
    assert.equal(store.entryJson('कखगघङचछ'), undefined);
  } finally {
    store.close();
  }
});

test(
  'compression negotiation on the real service: gzip, br, identity, *;q=0 and refusals; a streamed document in br; HEAD and 304 of cached answers',
  { skip: SKIP_WITHOUT_DATA, timeout: 60_000 },
  async (t) => {
    const svc = await startTestService();
    t.after(() => svc.close());
    const body = JSON.stringify({ text: ROMAN.repeat(10).trim() });
    const headers = { 'content-type': 'application/json' };
    const plain = await postRaw(svc.port, '/api/v1/romanization/resolve', body, headers);
    assert.equal(plain.headers['content-encoding'], undefined);
    const cases: [string, string | undefined][] = [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['identity', undefined],
      ['*;q=0', undefined],
      ['gzip;q=0, br;q=0', undefined],
      ['br;q=0.2, identity;q=0.9', undefined],
    ];
    for (const [accept, want] of cases) {
      const r = await postRaw(svc.port, '/api/v1/romanization/resolve', body, { ...headers, 'accept-encoding': accept });
      assert.equal(r.status, 200, accept);
      assert.equal(r.headers['content-encoding'], want, accept);
      assert.equal(r.headers.vary, 'Accept-Encoding', accept);
      const decoded = want === 'br' ? brotliDecompressSync(r.body) : want === 'gzip' ? gunzipSync(r.body) : r.body;
      assert.deepEqual(decoded, plain.body, accept);
    }
    // A streamed document: the same lines in br as in identity (but for the time it took).
    const doc = nepaliDocument(30, 11);
    const same = (lines: any[]) => lines.map((l) => (l.totals ? { ...l.totals, elapsed_ms: 0 } : l));
    const id = await stream(svc, '/api/v1/spellcheck/document', doc);
    const br = await stream(svc, '/api/v1/spellcheck/document', doc, { 'content-type': 'text/plain; charset=utf-8', 'accept-encoding': 'br' });
    assert.equal(id.headers['content-encoding'], undefined);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(same(br.lines), same(id.lines));
    // Cached answers: HEAD gives the headers of GET and no body; a matching If-None-Match is 304, by GET or HEAD, whatever the coding.
    for (const path of [
      `/api/v1/dictionary/word?q=${encodeURIComponent('अर्थ')}`,
      `/api/v1/dictionary/suggest?q=${encodeURIComponent('घ')}`,
      `/api/v1/dictionary/examples?q=${encodeURIComponent('घर')}`,
    ]) {
      const get = await exchange(svc.port, 'GET', path, { 'accept-encoding': 'gzip' });
      assert.equal(get.status, 200, path);
      const etag = get.headers.etag as string;
      assert.match(etag, /^W\/"/, path);
      assert.equal(get.headers['cache-control'], 'public, max-age=3600');
      const head = await exchange(svc.port, 'HEAD', path, { 'accept-encoding': 'gzip' });
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      assert.equal(head.headers.etag, etag);
      assert.equal(head.headers['content-encoding'], get.headers['content-encoding']);
      for (const [method, accept] of [
        ['GET', 'br'],
        ['HEAD', 'identity'],
        ['GET', ''],
      ] as const) {
        const r = await exchange(svc.port, method, path, { 'accept-encoding': accept, 'if-none-match': `"other", ${etag}` });
        assert.equal(r.status, 304, `${method} ${path} ${accept}`);
        assert.equal(r.body.length, 0);
        assert.equal(r.headers.etag, etag);
      }
      assert.equal((await exchange(svc.port, 'GET', path, { 'if-none-match': 'W/"0-0"' })).status, 200);
    }
  },
);

test(
  'rate limits on the real service: a document the quota cannot take now is 429 and not counted; one no window can hold is 400; a batch over the quota is answered in part',
  { skip: SKIP_WITHOUT_DATA, timeout: 60_000 },
  async (t) => {
    const svc = await startTestService({ rateLimitPerMinute: 30, rateLimitPerDay: 1000 });
    t.after(() => svc.close());
    const json = { 'content-type': 'application/json' };
    // 25 of the 30 requests.
    const b = await stream(svc, '/api/v1/spellcheck/batch', JSON.stringify({ items: Array.from({ length: 25 }, (_, i) => ({ id: i, word: 'घर' })) }), json);
    assert.equal(b.lines.filter((l) => l.result).length, 25);
    assert.equal(b.headers['ratelimit-remaining'], '5');
    // A document of more pieces than the 5 left: refused whole, before any work, and not counted.
    const doc = nepaliDocument(100, 21);
    const refused = await stream(svc, '/api/v1/spellcheck/document', doc);
    assert.equal(refused.status, 429);
    assert.equal(refused.lines[0].error.code, 'RATE_LIMIT_EXCEEDED');
    assert.ok(refused.lines[0].error.retry_after >= 1);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.match(refused.lines[0].error.message, /needs \d+ requests \(one per piece\)/);
    // More pieces than a whole window holds: 400 in Shape B, not counted either.
    const huge = nepaliDocument(500, 22);
    const never = await stream(svc, '/api/v1/spellcheck/document', huge);
    assert.equal(never.status, 400);
    assert.match(never.lines[0].detail, /^Document needs \d+ requests of your rate limit \(one per piece\), more than a window of it holds/);
    // The 5 left are still there: a batch of 8 romanization items gets 5 answers and 3 429 lines.
    const r = await stream(
      svc,
      '/api/v1/romanization/batch',
      JSON.stringify({ items: Array.from({ length: 8 }, (_, i) => ({ id: `r${i}`, text: 'mero ghar' })) }),
      json,
    );
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.lines
        .filter((l) => l.result)
        .map((l) => l.index)
        .sort(),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(
      r.lines
        .filter((l) => l.error?.code === 'RATE_LIMIT_EXCEEDED')
        .map((l) => l.index)
        .sort(),
      [5, 6, 7],
    );
    // Quota spent: a batch now is refused whole (its first item is the request itself).
    const none = await stream(svc, '/api/v1/dictionary/batch', JSON.stringify({ items: [{ id: 1, word: 'घर' }] }), json);
    assert.equal(none.status, 429);
  },
);

test(
  'romanization batch on the real data: texts, token lists and invalid items mixed, each as /resolve answers it',
  { skip: SKIP_WITHOUT_DATA, timeout: 60_000 },
  async (t) => {
    const svc = await startTestService();
    t.after(() => svc.close());
    const items = [
      { id: 'text', text: ROMAN, max_candidates: 2 },
      { id: 'tokens', tokens: ['mero', 'naam', 'ram'] },
      { id: 'bad-mc', text: 'ghar', max_candidates: 11 },
      { id: 'both', text: 'ghar', tokens: ['ghar'] },
      { id: 'neither' },
      { id: 7, text: 'aaja mausam ramro cha' },
    ];
    const r = await stream(svc, '/api/v1/romanization/batch', JSON.stringify({ items }), { 'content-type': 'application/json' });
    assert.equal(r.status, 200);
    const byId = new Map(r.lines.map((l) => [l.id, l]));
    assert.equal(byId.size, items.length);
    for (const item of items) {
      const { id, ...request } = item;
      const single = await fetch(`${svc.base}/api/v1/romanization/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      const line = byId.get(id);
      assert.equal(line.index, items.indexOf(item));
      if (single.status === 200) assert.deepEqual(line.result, await single.json(), String(id));
      else {
        assert.equal(single.status, 400, String(id));
        assert.deepEqual({ detail: line.detail }, await single.json(), String(id));
      }
    }
  },
);
