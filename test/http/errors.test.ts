// Every error row: the statuses, the two body shapes, the limits, and the
// transport-level refusals (content type, size, encoding, routing, 500s).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Compile } from 'typebox/compile';
import { DetailBody, ErrorBody, UnavailableBody, WordNotFoundBody } from '../../src/schemas/common.js';
import { strictExchange } from './chunked.js';
import { getJson, postJson, RawConnection, rawRequest, startTestServer } from './harness.js';

const ShapeA = Compile(ErrorBody);
const ShapeB = Compile(DetailBody);
const NotFoundShape = Compile(WordNotFoundBody);
const UnavailableShape = Compile(UnavailableBody);
const JSON_TYPE = 'application/json; charset=utf-8';
const q = encodeURIComponent;

function assertShapeA(body: unknown, code: string, messagePattern?: RegExp): void {
  assert.ok(ShapeA.Check(body), `not Shape A: ${JSON.stringify(body)}`);
  const b = body as { error: { code: string; message: string } };
  assert.equal(b.error.code, code);
  if (messagePattern) assert.match(b.error.message, messagePattern);
}

function assertDetail(r: { status: number; body: unknown; headers: Headers }, detail: string): void {
  assert.equal(r.status, 400);
  assert.ok(ShapeB.Check(r.body), `not Shape B: ${JSON.stringify(r.body)}`);
  assert.deepEqual(r.body, { detail });
  assert.equal(r.headers.get('content-type'), JSON_TYPE);
}

// ---- query parameters (Shape A)

test('suggest without q, or with an empty q: 400 MISSING_PARAMETER naming q', async (t) => {
  const s = await startTestServer(t);
  for (const query of ['', '?limit=5', '?q=', '?q=%20%20']) {
    const r = await getJson(`${s.base}/api/v1/dictionary/suggest${query}`);
    assert.equal(r.status, 400, query);
    assertShapeA(r.body, 'MISSING_PARAMETER', /'q'/);
    assert.equal(r.headers.get('content-type'), JSON_TYPE);
  }
});

test('suggest limit outside 1..50 or not an integer: 400 INVALID_PARAMETER naming limit', async (t) => {
  const s = await startTestServer(t);
  for (const limit of ['0', '51', '-1', 'ten', '1.5', '', '1e1', '99999999999999999999']) {
    const r = await getJson(`${s.base}/api/v1/dictionary/suggest?q=${q('घ')}&limit=${limit}`);
    assert.equal(r.status, 400, limit);
    assertShapeA(r.body, 'INVALID_PARAMETER', /'limit'.*between 1 and 50/);
  }
});

test('examples limit outside 1..20: 400 INVALID_PARAMETER; missing q: MISSING_PARAMETER', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/dictionary/examples?q=${q('घर')}&limit=21`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /between 1 and 20/);
  r = await getJson(`${s.base}/api/v1/dictionary/examples`);
  assertShapeA(r.body, 'MISSING_PARAMETER', /'q'/);
});

test('meaning search: q missing or without a Latin letter, limit outside 1..50', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/dictionary/english`);
  assertShapeA(r.body, 'MISSING_PARAMETER', /'q'/);
  r = await getJson(`${s.base}/api/v1/dictionary/english?q=%20`);
  assertShapeA(r.body, 'MISSING_PARAMETER', /'q'/);
  for (const bad of [q('पानी'), '123', q('?!')]) {
    r = await getJson(`${s.base}/api/v1/dictionary/english?q=${bad}`);
    assert.equal(r.status, 400, bad);
    assertShapeA(r.body, 'INVALID_PARAMETER', /'q' must be English/);
  }
  r = await getJson(`${s.base}/api/v1/dictionary/english?q=${'a'.repeat(101)}`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /'q'/);
  for (const limit of ['0', '51', 'ten', '1.5']) {
    r = await getJson(`${s.base}/api/v1/dictionary/english?q=water&limit=${limit}`);
    assert.equal(r.status, 400, limit);
    assertShapeA(r.body, 'INVALID_PARAMETER', /'limit'.*between 1 and 50/);
  }
  r = await getJson(`${s.base}/api/v1/dictionary/english?q=water&q=fire`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /'q'/);
  assert.ok(!s.fake.calls.some((c) => c.method === 'searchEnglish'), 'no refused query reached the services');
});

test('word look-up: q missing, booleans other than true/false/1/0, both flags together', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/dictionary/word`);
  assert.equal(r.status, 400);
  assertShapeA(r.body, 'MISSING_PARAMETER', /'q'/);
  for (const v of ['yes', '2', 'on', '']) {
    r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('घर')}&include_variants=${v}`);
    assert.equal(r.status, 400, v);
    assertShapeA(r.body, 'INVALID_PARAMETER', /'include_variants' must be true, false, 1 or 0/);
  }
  r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('घर')}&multi_dict=nope`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /'multi_dict'/);
  r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('घर')}&multi_dict=true&include_variants=true`);
  assert.equal(r.status, 400);
  assertShapeA(r.body, 'INVALID_PARAMETER', /cannot be combined/);
});

test('a word over 100 characters, a parameter given twice: 400 INVALID_PARAMETER', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('क'.repeat(101))}`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /at most 100 characters/);
  r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('क'.repeat(100))}`);
  assert.equal(r.status, 404);
  r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('घर')}&q=${q('दिन')}`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /more than once/);
  r = await getJson(`${s.base}/api/v1/dictionary/word/${q('क'.repeat(101))}`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /path parameter 'word'/i);
});

test('a query string over 2,048 bytes: 400 INVALID_PARAMETER', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('घर')}&pad=${'x'.repeat(2100)}`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /Query string longer/);
});

test('malformed percent-encoding or invalid UTF-8 in the query or the path: 400 INVALID_PARAMETER', async (t) => {
  const s = await startTestServer(t);
  for (const bad of ['%ZZ', '%E0%A4', '%FF', '%']) {
    let r = await getJson(`${s.base}/api/v1/dictionary/word?q=${bad}`);
    assert.equal(r.status, 400, bad);
    assertShapeA(r.body, 'INVALID_PARAMETER', /percent-encoding/);
    r = await getJson(`${s.base}/api/v1/dictionary/word/${bad}`);
    assert.equal(r.status, 400, `path ${bad}`);
    assertShapeA(r.body, 'INVALID_PARAMETER', /percent-encoding in the path/);
  }
});

test('unknown query parameters are ignored', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('घर')}&utm_source=x`);
  assert.equal(r.status, 200);
});

test('spellcheck word: missing word names the parameter; whitespace inside is refused', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/spellcheck/word`);
  assert.equal(r.status, 400);
  assertShapeA(r.body, 'MISSING_PARAMETER', /'word'/);
  r = await getJson(`${s.base}/api/v1/spellcheck/word?word=${q('घर दिन')}`);
  assertShapeA(r.body, 'INVALID_PARAMETER', /single word/);
});

test('WORD_NOT_FOUND bodies match the published schema', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word/${q('झ')}`);
  assert.ok(NotFoundShape.Check(r.body), JSON.stringify(r.body));
});

// ---- spellcheck text body (Shape B)

const SPELL = '/api/v1/spellcheck/text';

test('spellcheck text of 10,001 characters: 400 "Text exceeds 10000 characters"', async (t) => {
  const s = await startTestServer(t);
  const r = await postJson(`${s.base}${SPELL}`, { text: 'क'.repeat(10_001) });
  assertDetail(r, 'Text exceeds 10000 characters');
  assert.equal(s.fake.calls.length, 0, 'the engine never sees an over-limit text');
});

test('characters are code points: 5,001 astral characters (10,002 UTF-16 units) pass the character limit', async (t) => {
  const s = await startTestServer(t);
  const r = await postJson(`${s.base}${SPELL}`, { text: '𑐀'.repeat(5_001) });
  assert.equal(r.status, 200);
});

test('spellcheck text of 1,001 words: 400 "Text exceeds 1000 words"', async (t) => {
  const s = await startTestServer(t);
  const r = await postJson(`${s.base}${SPELL}`, { text: Array(1001).fill('घर').join(' ') });
  assertDetail(r, 'Text exceeds 1000 words');
});

test('the word limit uses the injected counter when one is given', async (t) => {
  const s = await startTestServer(t, {}, undefined, { countWords: () => 1001 });
  const r = await postJson(`${s.base}${SPELL}`, { text: 'घर' });
  assertDetail(r, 'Text exceeds 1000 words');
});

test('spellcheck text: missing, null or non-string text, non-object bodies', async (t) => {
  const s = await startTestServer(t);
  assertDetail(await postJson(`${s.base}${SPELL}`, {}), "Field 'text' is required");
  assertDetail(await postJson(`${s.base}${SPELL}`, { text: null }), "Field 'text' is required");
  assertDetail(await postJson(`${s.base}${SPELL}`, { text: 42 }), "Field 'text' must be a string");
  assertDetail(await postJson(`${s.base}${SPELL}`, { text: ['घर'] }), "Field 'text' must be a string");
  assertDetail(await postJson(`${s.base}${SPELL}`, '["घर"]'), 'Request body must be a JSON object');
  assertDetail(await postJson(`${s.base}${SPELL}`, '"घर"'), 'Request body must be a JSON object');
  assertDetail(await postJson(`${s.base}${SPELL}`, 'null'), 'Request body must be a JSON object');
});

test('malformed JSON and an empty body: 400 Shape B', async (t) => {
  const s = await startTestServer(t);
  assertDetail(await postJson(`${s.base}${SPELL}`, '{"text": "घर"'), 'Request body is not valid JSON');
  assertDetail(await postJson(`${s.base}${SPELL}`, "{'text': 'x'}"), 'Request body is not valid JSON');
  assertDetail(await postJson(`${s.base}${SPELL}`, ''), 'Request body is empty; expected a JSON object');
});

test('invalid UTF-8 in the body (raw bytes over a socket): 400 Shape B', async (t) => {
  const s = await startTestServer(t);
  // {"text":"<0xE0 0xA4> x"}: a truncated Devanagari sequence.
  const body = Buffer.concat([Buffer.from('{"text":"'), Buffer.from([0xe0, 0xa4]), Buffer.from(' x"}')]);
  const head = `POST ${SPELL} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  const { response } = await rawRequest(s.port, Buffer.concat([Buffer.from(head), body]));
  assert.ok(response);
  assert.equal(response.status, 400);
  assert.equal(response.headers['content-type'], JSON_TYPE);
  assert.deepEqual(JSON.parse(response.body), { detail: 'Request body is not valid UTF-8' });
  // Overlong encoding and a lone continuation byte are refused too.
  for (const bytes of [[0xc0, 0xaf], [0x80], [0xed, 0xa0, 0x80]]) {
    const b = Buffer.concat([Buffer.from('{"text":"'), Buffer.from(bytes), Buffer.from('"}')]);
    const h = `POST ${SPELL} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${b.length}\r\n\r\n`;
    const r2 = await rawRequest(s.port, Buffer.concat([Buffer.from(h), b]));
    assert.equal(r2.response?.status, 400, bytes.join(','));
  }
});

test('wrong or missing Content-Type on a POST: 415 UNSUPPORTED_MEDIA_TYPE (Shape A)', async (t) => {
  const s = await startTestServer(t);
  const body = JSON.stringify({ text: 'घर' });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'application/json; charset=latin1']) {
    const r = await getJson(`${s.base}${SPELL}`, { method: 'POST', headers: { 'Content-Type': type }, body });
    assert.equal(r.status, 415, type);
    assertShapeA(r.body, 'UNSUPPORTED_MEDIA_TYPE');
  }
  const head = `POST ${SPELL} HTTP/1.1\r\nHost: x\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const { response } = await rawRequest(s.port, head + body);
  assert.equal(response?.status, 415);
});

test('a body over MAX_BODY_BYTES: 413 PAYLOAD_TOO_LARGE, by Content-Length and while streaming', async (t) => {
  const s = await startTestServer(t, { maxBodyBytes: 2048 });
  // Declared too large: refused before the body is read.
  const big = JSON.stringify({ text: 'क'.repeat(2000) });
  let r = await postJson(`${s.base}${SPELL}`, big);
  assert.equal(r.status, 413);
  assertShapeA(r.body, 'PAYLOAD_TOO_LARGE', /2048 bytes/);
  // No Content-Length (chunked): refused once the running total passes the cap.
  const chunk = Buffer.from('x'.repeat(1000));
  const head = `POST ${SPELL} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
  const chunked = [head, ...[1, 2, 3].map(() => `${chunk.length.toString(16)}\r\n${chunk}\r\n`)].join('');
  const raw = await rawRequest(s.port, chunked);
  assert.equal(raw.response?.status, 413);
  assert.equal(JSON.parse(raw.response!.body).error.code, 'PAYLOAD_TOO_LARGE');
  // The server still answers.
  r = await postJson(`${s.base}${SPELL}`, { text: 'घर' });
  assert.equal(r.status, 200);
});

test('a body within the cap but over the default text limit is Shape B, not 413', async (t) => {
  const s = await startTestServer(t);
  const r = await postJson(`${s.base}${SPELL}`, { text: 'क '.repeat(6000) });
  assertDetail(r, 'Text exceeds 10000 characters');
});

// ---- romanization body (Shape B)

const ROMAN = '/api/v1/romanization/resolve';

test("romanization with neither text nor tokens: exactly \"Provide either 'text' or 'tokens'\"", async (t) => {
  const s = await startTestServer(t);
  assertDetail(await postJson(`${s.base}${ROMAN}`, {}), "Provide either 'text' or 'tokens'");
  assertDetail(await postJson(`${s.base}${ROMAN}`, { text: null, tokens: null, max_candidates: 3 }), "Provide either 'text' or 'tokens'");
});

test('romanization with both text and tokens: 400 Shape B', async (t) => {
  const s = await startTestServer(t);
  assertDetail(await postJson(`${s.base}${ROMAN}`, { text: 'ghar', tokens: ['ghar'] }), "Provide either 'text' or 'tokens', not both");
});

test('romanization max_candidates 0, 11, 2.5, "5": 400 Shape B', async (t) => {
  const s = await startTestServer(t);
  for (const m of [0, 11, 2.5, '5', -1, true]) {
    const r = await postJson(`${s.base}${ROMAN}`, { text: 'ghar', max_candidates: m });
    assertDetail(r, "Field 'max_candidates' must be an integer between 1 and 10");
  }
});

test('romanization text and tokens of the wrong type or size: 400 Shape B', async (t) => {
  const s = await startTestServer(t);
  assertDetail(await postJson(`${s.base}${ROMAN}`, { text: 5 }), "Field 'text' must be a string");
  assertDetail(await postJson(`${s.base}${ROMAN}`, { tokens: 'ghar' }), "Field 'tokens' must be an array of strings");
  assertDetail(await postJson(`${s.base}${ROMAN}`, { tokens: ['ghar', 3] }), "Field 'tokens' must be an array of strings");
  assertDetail(await postJson(`${s.base}${ROMAN}`, { tokens: Array(1001).fill('a') }), "Field 'tokens' has more than 1000 items");
  assertDetail(await postJson(`${s.base}${ROMAN}`, { tokens: ['a'.repeat(101)] }), 'Each token must be at most 100 characters');
  assertDetail(await postJson(`${s.base}${ROMAN}`, { text: 'a'.repeat(10_001) }), 'Text exceeds 10000 characters');
  // A text is bounded in words (as spellcheck counts them) and tokens, so the answer stays bounded: 2,500 short words, or 2,001 tokens in one chunk.
  assertDetail(await postJson(`${s.base}${ROMAN}`, { text: 'ma. '.repeat(2500) }), 'Text exceeds 1000 words');
  assertDetail(await postJson(`${s.base}${ROMAN}`, { text: 'a.'.repeat(2001) }), 'Text exceeds 2000 tokens');
  assert.equal((await postJson(`${s.base}${ROMAN}`, { text: 'ma. '.repeat(1000) })).status, 200);
  assert.equal((await postJson(`${s.base}${ROMAN}`, { text: 'a.'.repeat(2000) })).status, 200);
  assertDetail(await postJson(`${s.base}${ROMAN}`, '[1]'), 'Request body must be a JSON object');
  assertDetail(await postJson(`${s.base}${ROMAN}`, '{'), 'Request body is not valid JSON');
});

// ---- routing

test('unknown path: 404 NOT_FOUND (Shape A)', async (t) => {
  const s = await startTestServer(t);
  for (const path of ['/nope', '/api/v1', '/api/v1/dictionary/word/', '/api/v1/dictionary/word/a/b', '/api/v2/health']) {
    const r = await getJson(`${s.base}${path}`);
    assert.equal(r.status, 404, path);
    assertShapeA(r.body, 'NOT_FOUND');
    assert.equal(r.headers.get('content-type'), JSON_TYPE);
  }
});

test('wrong method on a known path: 405 METHOD_NOT_ALLOWED with an Allow header', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/health`, { method: 'DELETE' });
  assert.equal(r.status, 405);
  assertShapeA(r.body, 'METHOD_NOT_ALLOWED');
  assert.equal(r.headers.get('allow'), 'GET, HEAD, OPTIONS');
  r = await getJson(`${s.base}${SPELL}`);
  assert.equal(r.status, 405);
  assert.equal(r.headers.get('allow'), 'POST, OPTIONS');
  r = await getJson(`${s.base}/api/v1/dictionary/word?q=x`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  assert.equal(r.status, 405);
  // The connection that carried an unread body is not reused for garbage: the next request works.
  r = await getJson(`${s.base}/up`);
  assert.equal(r.status, 200);
});

// ---- failures behind the interface

test('a service that throws: 500 INTERNAL_ERROR with a generic message, no internals', async (t) => {
  const s = await startTestServer(t);
  s.fake.failures.spellcheckWord = 'throw';
  const r = await getJson(`${s.base}/api/v1/spellcheck/word?word=${q('घर')}`);
  assert.equal(r.status, 500);
  assert.deepEqual(r.body, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
  // The server keeps serving.
  s.fake.failures = {};
  assert.equal((await getJson(`${s.base}/api/v1/spellcheck/word?word=${q('घर')}`)).status, 200);
});

test('an INTERNAL_ERROR outcome: 500 without the service message; SERVICE_UNAVAILABLE: 503 with retry_after and Retry-After', async (t) => {
  const s = await startTestServer(t);
  s.fake.failures.spellcheckText = 'INTERNAL_ERROR';
  let r = await postJson(`${s.base}${SPELL}`, { text: 'घर' });
  assert.equal(r.status, 500);
  assert.deepEqual(r.body, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
  s.fake.failures.spellcheckText = 'SERVICE_UNAVAILABLE';
  r = await postJson(`${s.base}${SPELL}`, { text: 'घर' });
  assert.equal(r.status, 503);
  assert.ok(UnavailableShape.Check(r.body), JSON.stringify(r.body));
  assert.equal((r.body as UnavailableBody).error.retry_after, 1);
  assert.equal(r.headers.get('retry-after'), '1');
  s.fake.failures.health = 'throw';
  r = await getJson(`${s.base}/api/v1/health`);
  assert.equal(r.status, 500);
  assert.doesNotMatch(JSON.stringify(r.body), /secret|at |\.js/);
});

test('while the pool refuses new jobs, a text body over 2 KiB is answered 503 before it is parsed; a short one is handled as usual', async (t) => {
  const s = await startTestServer(t);
  const longText = 'घर '.repeat(400);
  s.fake.overloaded = true;
  for (const [path, body] of [
    [SPELL, { text: longText }],
    [ROMAN, { text: 'mero ghar '.repeat(300) }],
  ] as const) {
    const r = await postJson(`${s.base}${path}`, body);
    assert.equal(r.status, 503, path);
    assert.ok(UnavailableShape.Check(r.body), JSON.stringify(r.body));
    assert.equal((r.body as UnavailableBody).error.retry_after, 2);
    assert.equal(r.headers.get('retry-after'), '2');
  }
  assert.ok(!s.fake.calls.some((c) => c.method === 'spellcheckText' || c.method === 'romanizeText'), 'no job was asked for');
  assert.equal(s.fake.overloadChecks, 2);
  // Not parsed: a long body that is not even JSON gets the 503 too (and its 400 once the pool takes jobs again).
  const broken = await fetch(`${s.base}${SPELL}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text": "' + 'क'.repeat(1000) });
  assert.equal(broken.status, 503);
  await broken.arrayBuffer();
  // A short body is parsed, checked and run as always (inline jobs do not wait for the pool).
  assertDetail(await postJson(`${s.base}${SPELL}`, { text: 7 }), "Field 'text' must be a string");
  assert.equal((await postJson(`${s.base}${SPELL}`, { text: 'घर' })).status, 200);
  s.fake.overloaded = false;
  const again = await fetch(`${s.base}${SPELL}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text": "' + 'क'.repeat(1000) });
  assert.equal(again.status, 400);
  await again.arrayBuffer();
  assert.equal((await postJson(`${s.base}${SPELL}`, { text: longText })).status, 200);
});

test('similar words failing still gives the 404, with an empty list', async (t) => {
  const s = await startTestServer(t);
  s.fake.failures.similarWords = 'INTERNAL_ERROR';
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('झ')}&include_variants=true`);
  assert.equal(r.status, 404);
  assert.deepEqual(r.body.similar_words, []);
});

// ---- CORS

test('CORS: every response allows any origin; OPTIONS preflight answers 204', async (t) => {
  const s = await startTestServer(t);
  for (const path of ['/up', '/api/v1/health', '/nope', `/api/v1/dictionary/suggest`]) {
    const r = await fetch(`${s.base}${path}`, { headers: { Origin: 'https://example.org' } });
    assert.equal(r.headers.get('access-control-allow-origin'), '*', path);
    assert.match(r.headers.get('access-control-expose-headers') ?? '', /RateLimit-Remaining/);
    await r.arrayBuffer();
  }
  const pre = await fetch(`${s.base}${SPELL}`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-api-key' },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), '*');
  assert.equal(pre.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Content-Type/);
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /X-API-Key/);
  assert.equal(await pre.text(), '');
  const unknown = await fetch(`${s.base}/nope`, { method: 'OPTIONS' });
  assert.equal(unknown.status, 404);
  await unknown.arrayBuffer();
});

test('bodiless answers (204 preflight, HEAD) announce no bogus Content-Length and keep the connection usable', async (t) => {
  const s = await startTestServer(t);
  const { RawConnection } = await import('./harness.js');
  const conn = await RawConnection.open(s.port);
  t.after(() => conn.destroy());
  // HEAD and 204 responses carry no body, so parse them by headers only.
  const headOnly = async (req: string) => {
    conn.socket.write(req);
    const chunks: Buffer[] = [];
    return new Promise<string>((resolve) => {
      const onData = (d: Buffer) => {
        chunks.push(d);
        const text = Buffer.concat(chunks).toString('latin1');
        if (text.includes('\r\n\r\n')) {
          conn.socket.off('data', onData);
          resolve(text);
        }
      };
      conn.socket.on('data', onData);
    });
  };
  const pre = await headOnly('OPTIONS /api/v1/spellcheck/text HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.match(pre, /^HTTP\/1.1 204/);
  assert.doesNotMatch(pre, /Content-Length: [1-9]/i);
  const head = await headOnly(`HEAD /api/v1/dictionary/word?q=${q('घर')} HTTP/1.1\r\nHost: x\r\n\r\n`);
  assert.match(head, /^HTTP\/1.1 200/);
  assert.doesNotMatch(head, /Content-Length: 9{3,}|Content-Length: \d{10,}/i);
  // The same connection still serves a normal request afterwards.
  const up = await conn.request('GET /up HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.equal(up?.status, 200);
  assert.deepEqual(JSON.parse(up!.body), { status: 'ok' });
});

test('a framing error (conflicting Content-Length headers): 400 BAD_REQUEST and the connection closes', async (t) => {
  const s = await startTestServer(t);
  const body = '{"text":"घर"}';
  const bytes = Buffer.byteLength(body);
  const requests = [
    `POST ${SPELL} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes - 2}\r\nContent-Length: ${bytes}\r\n\r\n${body}`,
    `POST ${SPELL} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\nContent-Length: ${bytes + 5}\r\n\r\n${body}`,
  ];
  for (const req of requests) {
    const conn = await RawConnection.open(s.port);
    t.after(() => conn.destroy());
    const r = await conn.request(req);
    assert.ok(r, 'answered');
    assert.equal(r.status, 400);
    assertShapeA(JSON.parse(r.body), 'BAD_REQUEST');
    assert.equal(r.headers.connection, 'close');
    await conn.whenClosed();
    assert.ok(conn.closed, 'the server closed the connection');
  }
  // The same body with one Content-Length is served, and the connection stays open.
  const ok = await RawConnection.open(s.port);
  t.after(() => ok.destroy());
  const r = await ok.request(`POST ${SPELL} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n${body}`);
  assert.equal(r?.status, 200);
  assert.equal((await ok.request('GET /up HTTP/1.1\r\nHost: x\r\n\r\n'))?.status, 200);
});

test('a request head over 64 KiB is refused by uWebSockets.js itself: 431 and the connection closed, never a 5xx', async (t) => {
  const s = await startTestServer(t);
  const head = (pad: number) => `GET /up HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Pad: ${'a'.repeat(pad)}\r\n\r\n`;
  // 65,536 bytes of head in all is taken; one more is not.
  const fits = head(0).length;
  const ok = await strictExchange(s.port, Buffer.from(head(65_536 - fits)));
  assert.equal(ok.status, 200);
  const refused = await strictExchange(s.port, Buffer.from(head(65_537 - fits)));
  assert.equal(refused.status, 431);
  assert.equal(refused.headers.connection, 'close');
  // The service is still there.
  assert.equal((await getJson(`${s.base}/up`)).status, 200);
});
