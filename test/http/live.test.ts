// GET /api/v1/live over a real socket and the fake services: every op
// answered with the REST body, every error, out-of-order replies, the
// per-connection budgets, oversize messages, the spellcheck memo, a slow
// reader, the idle timeout, the upgrade's rate limit, key, origin and caps,
// and shutdown.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { getJson, postJson, startTestServer } from './harness.js';
import { LiveClient } from './live-client.js';
import { waitFor } from '../wait.js';

const wsUrl = (port: number, query = '') => `ws://127.0.0.1:${port}/api/v1/live${query}`;
const q = encodeURIComponent;

test('live: the ready message states the limits; every op answers exactly the REST body', async (t) => {
  const s = await startTestServer(t);
  const { client, ready } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  assert.equal(ready.api_version, 'v1');
  assert.equal(ready.data_version, s.fake.version);
  assert.deepEqual(ready.limits, {
    messages_per_second: 20,
    burst: 60,
    characters_per_minute: 300_000,
    messages_per_day: null,
    max_message_bytes: 131_072,
    max_pending: 16,
    idle_timeout_seconds: 120,
    max_buffered_bytes: 4 * 1024 * 1024,
    max_text_characters: 10_000,
    max_text_words: 1_000,
  });
  const cases: [Record<string, unknown>, Promise<{ body: any }>][] = [
    [{ op: 'romanize', text: 'ghar din', max_candidates: 2 }, postJson(`${s.base}/api/v1/romanization/resolve`, { text: 'ghar din', max_candidates: 2 })],
    [{ op: 'romanize_tokens', tokens: ['nepal', 'din'] }, postJson(`${s.base}/api/v1/romanization/resolve`, { tokens: ['nepal', 'din'] })],
    [{ op: 'spellcheck', text: 'घर दिनन घर नेपालि' }, postJson(`${s.base}/api/v1/spellcheck/text`, { text: 'घर दिनन घर नेपालि' })],
    [{ op: 'spellcheck_word', word: 'नेपालि' }, getJson(`${s.base}/api/v1/spellcheck/word?word=${q('नेपालि')}`)],
    [{ op: 'suggest', q: 'न', limit: 2 }, getJson(`${s.base}/api/v1/dictionary/suggest?q=${q('न')}&limit=2`)],
    [{ op: 'lookup', q: 'घर' }, getJson(`${s.base}/api/v1/dictionary/word?q=${q('घर')}`)],
    [{ op: 'lookup', q: 'दिन', include_variants: true }, getJson(`${s.base}/api/v1/dictionary/word?q=${q('दिन')}&include_variants=true`)],
    [{ op: 'english', q: 'house', limit: 3 }, getJson(`${s.base}/api/v1/dictionary/english?q=house&limit=3`)],
  ];
  for (const [message, rest] of cases) {
    const reply = await client.request(message);
    assert.equal(reply.op, message.op);
    assert.deepEqual(reply.result, (await rest).body, `op ${message.op}`);
  }
  // A string id is echoed as it was sent.
  const r = await client.request({ id: 'k-1', op: 'spellcheck_word', word: 'घर' });
  assert.deepEqual(r, { id: 'k-1', op: 'spellcheck_word', result: { status: 'correct', corrections: null } });
});

test('live: errors carry the REST catalog codes, and the connection stays usable', async (t) => {
  const s = await startTestServer(t);
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  const next = () => client.next();
  client.send('not json');
  assert.deepEqual(await next(), { id: null, error: { code: 'BAD_REQUEST', message: 'Message is not valid JSON' } });
  client.send('[1,2]');
  assert.equal((await next()).error.message, 'Message must be a JSON object');
  client.send(Buffer.from('{"id":1,"op":"suggest","q":"न"}'), true);
  assert.deepEqual(await next(), { id: null, error: { code: 'BAD_REQUEST', message: 'Messages must be JSON text frames' } });
  client.send(JSON.stringify({ id: 1.5, op: 'suggest', q: 'न' }));
  assert.match((await next()).error.message, /Field 'id' must be a string of at most 200 characters or an integer/);
  client.send(JSON.stringify({ id: 'x'.repeat(201), op: 'suggest', q: 'न' }));
  assert.equal((await next()).id, null);
  assert.deepEqual(await client.request({ id: 3, op: 'translate' }), {
    id: 3,
    error: { code: 'BAD_REQUEST', message: "Field 'op' must be one of: romanize, romanize_tokens, spellcheck, spellcheck_word, suggest, lookup, english" },
  });
  // Body errors (Shape B in REST) are BAD_REQUEST with the detail as the message.
  assert.deepEqual((await client.request({ op: 'spellcheck' })).error, { code: 'BAD_REQUEST', message: "Field 'text' is required" });
  assert.deepEqual((await client.request({ op: 'spellcheck', text: 'घर '.repeat(1001) })).error, { code: 'BAD_REQUEST', message: 'Text exceeds 1000 words' });
  assert.deepEqual((await client.request({ op: 'romanize', text: 'ghar', max_candidates: 11 })).error, {
    code: 'BAD_REQUEST',
    message: "Field 'max_candidates' must be an integer between 1 and 10",
  });
  assert.equal((await client.request({ op: 'romanize_tokens', text: 'ghar' })).error!.message, "Field 'tokens' is required");
  assert.equal(
    (await client.request({ op: 'romanize', tokens: ['ghar'] })).error!.message,
    "Op 'romanize' takes 'text'; send 'tokens' with op 'romanize_tokens'",
  );
  // Query errors keep their codes.
  assert.deepEqual((await client.request({ op: 'suggest' })).error, { code: 'MISSING_PARAMETER', message: "Missing required query parameter 'q'" });
  assert.equal((await client.request({ op: 'suggest', q: 'न', limit: 0 })).error!.code, 'INVALID_PARAMETER');
  assert.equal((await client.request({ op: 'suggest', q: ['न'] })).error!.code, 'INVALID_PARAMETER');
  assert.equal((await client.request({ op: 'spellcheck_word', word: 'घर घर' })).error!.code, 'INVALID_PARAMETER');
  // WORD_NOT_FOUND keeps REST's top-level similar_words.
  const notFound = await client.request({ op: 'lookup', q: 'घरर' });
  const rest = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('घरर')}`);
  assert.equal(rest.status, 404);
  assert.deepEqual({ error: notFound.error, similar_words: notFound.similar_words }, rest.body);
  // A failure behind the interface is a generic INTERNAL_ERROR; an overloaded pool is SERVICE_UNAVAILABLE with retry_after.
  s.fake.failures.spellcheckWord = 'throw';
  assert.deepEqual((await client.request({ op: 'spellcheck_word', word: 'घर' })).error, { code: 'INTERNAL_ERROR', message: 'Internal server error' });
  s.fake.failures.spellcheckWords = 'SERVICE_UNAVAILABLE';
  const busy = await client.request({ op: 'spellcheck', text: 'किताब' });
  assert.equal(busy.error!.code, 'SERVICE_UNAVAILABLE');
  assert.equal(busy.error!.retry_after, 1);
  delete s.fake.failures.spellcheckWord;
  assert.equal((await client.request({ op: 'spellcheck_word', word: 'घर' })).result.status, 'correct');
});

test('live: replies come as they are ready, paired by id', async (t) => {
  const s = await startTestServer(t);
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  let release!: () => void;
  s.fake.gate = new Promise<void>((r) => (release = r));
  const entered = new Promise<void>((r) => (s.fake.entered = r));
  const slow = client.request({ id: 'slow', op: 'spellcheck', text: 'किताब' });
  await entered;
  const quick = await client.request({ id: 'quick', op: 'suggest', q: 'न' });
  assert.ok(Array.isArray(quick.result));
  assert.deepEqual(
    client.received.map((m) => m.id ?? m.op),
    ['ready', 'quick'],
  );
  release();
  s.fake.gate = null;
  assert.deepEqual((await slow).result, { misspelled: [], unknown: [] });
  assert.deepEqual(
    client.received.map((m) => m.id ?? m.op),
    ['ready', 'quick', 'slow'],
  );
});

test('live: the 61st message of a burst is refused with RATE_LIMIT_EXCEEDED, and the connection stays usable', async (t) => {
  const s = await startTestServer(t);
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  const replies = [];
  for (let i = 1; i <= 61; i++) replies.push(client.request({ id: i, op: 'spellcheck_word', word: 'घर' }));
  const all = await Promise.all(replies);
  assert.equal(all.filter((r) => r.result).length, 60);
  const refused = all.find((r) => r.error)!;
  assert.equal(refused.id, 61);
  assert.equal(refused.error!.code, 'RATE_LIMIT_EXCEEDED');
  assert.equal(refused.error!.retry_after, 1);
  // At 20 a second, a message is back in the bucket within 50 ms.
  await sleep(120);
  assert.equal((await client.request({ op: 'spellcheck_word', word: 'घर' })).result.status, 'correct');
});

test("live: the budget is the client's, not the connection's: a second connection brings no fresh burst", async (t) => {
  const s = await startTestServer(t);
  const a = await LiveClient.open(wsUrl(s.port));
  const b = await LiveClient.open(wsUrl(s.port));
  t.after(() => Promise.all([a.client.close(), b.client.close()]));
  const replies = [];
  for (let i = 1; i <= 60; i++) replies.push((i % 2 ? a : b).client.request({ id: i, op: 'spellcheck_word', word: 'घर' }));
  assert.ok(
    (await Promise.all(replies)).every((r) => r.result),
    'the burst of 60, across both connections',
  );
  for (const c of [a, b]) {
    const refused = await c.client.request({ op: 'spellcheck_word', word: 'घर' });
    assert.equal(refused.error?.code, 'RATE_LIMIT_EXCEEDED');
  }
});

test('live: the daily request limit bounds live messages in proportion (LIVE_MESSAGES_PER_REQUEST)', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 100, rateLimitPerDay: 2, liveMessagesPerRequest: 3 });
  const { client, ready } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  assert.equal(ready.limits.messages_per_day, 6);
  for (let i = 0; i < 6; i++) assert.equal((await client.request({ op: 'spellcheck_word', word: 'घर' })).result.status, 'correct');
  const refused = await client.request({ op: 'spellcheck_word', word: 'घर' });
  assert.equal(refused.error?.code, 'RATE_LIMIT_EXCEEDED');
  assert.match(refused.error!.message, /Live messages of the day spent; retry after \d+ seconds/);
  // A day spread over 6 messages: one comes back every 4 hours.
  assert.ok(refused.error!.retry_after! > 3600, String(refused.error!.retry_after));
});

test('live: a peer that pings past the message budget is closed with 1008', async (t) => {
  const s = await startTestServer(t);
  const { client } = await LiveClient.open(wsUrl(s.port));
  // The burst is 60 messages; pings spend it as messages do.
  for (let i = 0; i < 200 && client.ws.readyState === client.ws.OPEN; i++) client.ws.ping('x'.repeat(100));
  const closed = await client.closed;
  assert.ok(closed.code === 1008 || closed.code === 1006, `close ${closed.code}`);
  if (closed.code === 1008) assert.equal(closed.reason, 'Pings over the message budget');
  await waitFor('the service to count the drop', async () => (await dropped(s.base, 'pings')) === 1);
});

test('live: past LIVE_MAX_TOTAL_BUFFERED_BYTES together, the connection holding the most unread replies is dropped first', async (t) => {
  const s = await startTestServer(t, {
    liveMaxBufferedBytes: 4 * 1024 * 1024,
    liveMaxTotalBufferedBytes: 1024 * 1024,
    liveMessagesPerSecond: 100_000,
    liveBurst: 100_000,
    liveCharactersPerMinute: 1_000_000_000,
  });
  const tokens = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 'ghar' : 'din'));
  const open = async () => {
    const { client } = await LiveClient.open(wsUrl(s.port));
    (client.ws as unknown as { _socket: import('node:net').Socket })._socket.pause();
    return client;
  };
  const heavy = await open();
  const light = await open();
  // The heavy reader is sent far more than the light one; together they pass the process's bound.
  for (let i = 0; i < 200; i++) heavy.send(JSON.stringify({ id: i, op: 'romanize_tokens', tokens, max_candidates: 2 }));
  for (let i = 0; i < 3; i++) light.send(JSON.stringify({ id: i, op: 'romanize_tokens', tokens: tokens.slice(0, 10) }));
  await waitFor('the service to drop a connection for the process bound', async () => (await dropped(s.base, 'output_bound')) >= 1);
  assert.equal(await dropped(s.base, 'slow_reader'), 0, 'each within its own bound');
  (heavy.ws as unknown as { _socket: import('node:net').Socket })._socket.resume();
  (light.ws as unknown as { _socket: import('node:net').Socket })._socket.resume();
  const closed = await heavy.closed;
  assert.ok(closed.code === 1008 || closed.code === 1006, `close ${closed.code}`);
  // The light reader stays: its replies were a few kilobytes.
  assert.equal((await light.request({ op: 'spellcheck_word', word: 'घर' })).result.status, 'correct');
  await light.close();
});

test('live: the character budget refuses a message it cannot pay for, and refills', async (t) => {
  const s = await startTestServer(t, { liveCharactersPerMinute: 6000 });
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  const text = 'घर '.repeat(900); // about 8,100 bytes of JSON
  const r = await client.request({ op: 'spellcheck', text });
  assert.equal(r.error!.code, 'RATE_LIMIT_EXCEEDED');
  assert.ok(r.error!.retry_after! >= 1);
  assert.equal((await client.request({ op: 'spellcheck', text: 'घर' })).error, undefined);
});

test('live: more than LIVE_MAX_PENDING messages at once wait their turn, all answered', async (t) => {
  const s = await startTestServer(t, { liveMaxPending: 2 });
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  let release!: () => void;
  s.fake.gate = new Promise<void>((r) => (release = r));
  const replies = [1, 2, 3, 4, 5].map((i) => client.request({ id: i, op: 'spellcheck', text: 'किताब घर' }));
  // A refused message is answered at once, after the five before it were read (one connection's messages are handled in order).
  client.send('not json');
  assert.equal((await client.next((m) => m.error?.code === 'BAD_REQUEST')).error.message, 'Message is not valid JSON');
  await waitFor('two jobs to start', () => s.fake.calls.filter((c) => c.method === 'spellcheckWords').length >= 2);
  assert.equal(s.fake.calls.filter((c) => c.method === 'spellcheckWords').length, 2);
  release();
  s.fake.gate = null;
  for (const r of await Promise.all(replies)) assert.deepEqual(r.result, { misspelled: [], unknown: [] });
});

test('live: a message over LIVE_MAX_MESSAGE_BYTES is PAYLOAD_TOO_LARGE; one over twice that drops the connection', async (t) => {
  const s = await startTestServer(t, { liveMaxMessageBytes: 2048 });
  const { client } = await LiveClient.open(wsUrl(s.port));
  client.send(JSON.stringify({ id: 1, op: 'spellcheck', text: 'घ'.repeat(1000) }));
  assert.deepEqual(await client.next(), { id: 1, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Message exceeds 2048 bytes' } });
  assert.equal((await client.request({ op: 'spellcheck_word', word: 'घर' })).result.status, 'correct');
  client.send(JSON.stringify({ id: 2, op: 'spellcheck', text: 'घ'.repeat(2000) }));
  // uWS drops the socket without a close frame: 1006 at the client.
  assert.equal((await client.closed).code, 1006);
});

test('live: spellcheck asks the engines only for words the connection has not seen, and answers as REST does', async (t) => {
  const s = await startTestServer(t);
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  const texts = ['घर दिनन नेपाल', 'घर दिनन नेपाल किताबब', 'घर दिनन नेपाल किताबब घर', 'नेपाल घर, किताबब दिनन।'];
  const asked: unknown[] = [];
  for (const text of texts) {
    const before = s.fake.calls.length;
    const live = await client.request({ op: 'spellcheck', text });
    asked.push(...s.fake.calls.slice(before).map((c) => c.args[0]));
    assert.deepEqual(live.result, (await postJson(`${s.base}/api/v1/spellcheck/text`, { text })).body, text);
  }
  // The first text's words, then only the new word; the last two texts needed nothing.
  assert.deepEqual(asked, [['घर', 'दिनन', 'नेपाल'], ['किताबब']]);
});

test("live: spellcheck past the memo's bound answers exactly as REST, whatever it evicted", async (t) => {
  const s = await startTestServer(t, { liveMessagesPerSecond: 100_000, liveBurst: 100_000, liveCharactersPerMinute: 1_000_000_000 });
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  // Distinct made-up words (unknown, or misspelled when one edit from the vocabulary).
  const letters = 'कखगघचछजझटठडढतथदधनपफबभमयरलवशसह';
  const word = (i: number) => letters[i % 32]! + letters[Math.floor(i / 32) % 32]! + letters[Math.floor(i / 1024) % 32]!;
  const words = (from: number, n: number) => Array.from({ length: n }, (_, i) => word(from + i));
  // 600 words, then 400 of them with 500 new ones: more than the memo's 1,024 together.
  const texts = [words(0, 600).join(' '), [...words(200, 400), ...words(600, 500), 'घर', 'दिनन'].join(' ')];
  // Then a long typing session: a text growing word by word over a vocabulary past the bound.
  let typed: string[] = [];
  for (let i = 0; i < 1500; i++) {
    typed.push(word((i * 7) % 1400));
    if (typed.length > 300) typed = typed.slice(150);
    if (i % 5 === 0) texts.push(typed.join(' '));
  }
  for (const text of texts) {
    const live = await client.request({ op: 'spellcheck', text });
    assert.equal(live.error, undefined, JSON.stringify(live.error));
    assert.deepEqual(live.result, (await postJson(`${s.base}/api/v1/spellcheck/text`, { text })).body);
  }
});

/** The service's own count of live connections it dropped for `reason` (/metrics). */
async function dropped(base: string, reason: string): Promise<number> {
  const m = new RegExp(`^nls_live_dropped_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(await (await fetch(`${base}/metrics`)).text());
  return m ? Number(m[1]) : 0;
}

/** Whether the service counts `n` live connections open (/metrics). */
async function openConnections(base: string, n: number): Promise<boolean> {
  return new RegExp(`^nls_live_connections ${n}$`, 'm').test(await (await fetch(`${base}/metrics`)).text());
}

test('live: a reader that stops reading is dropped once its unread replies pass LIVE_MAX_BUFFERED_BYTES', async (t) => {
  const s = await startTestServer(t, {
    liveMaxBufferedBytes: 64 * 1024,
    liveMessagesPerSecond: 100_000,
    liveBurst: 100_000,
    liveCharactersPerMinute: 1_000_000_000,
  });
  const { client } = await LiveClient.open(wsUrl(s.port));
  const socket = (client.ws as unknown as { _socket: import('node:net').Socket })._socket;
  socket.pause();
  const tokens = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 'ghar' : 'din'));
  // About 200 KB a reply: far more than the socket buffers hold.
  for (let i = 0; i < 300; i++) client.send(JSON.stringify({ id: i, op: 'romanize_tokens', tokens, max_candidates: 2 }));
  // The server's own record: it dropped the connection as a slow reader.
  await waitFor('the service to drop the slow reader', async () => (await dropped(s.base, 'slow_reader')) === 1);
  socket.resume();
  const closed = await client.closed;
  // The close frame (1008 and its reason) reaches the client when the kernel's
  // buffers let it through before the socket is cut; else the client sees 1006.
  // Either way the connection is closed and fewer than all replies arrived.
  if (closed.code === 1008) assert.match(closed.reason, /Reader too slow/);
  else assert.equal(closed.code, 1006, `close code ${closed.code}`);
  assert.ok(client.received.length < 300, `${client.received.length} replies`);
});

test('live: a peer that does not answer pings is closed after LIVE_IDLE_TIMEOUT_SECONDS', async (t) => {
  const s = await startTestServer(t, { liveIdleTimeoutSeconds: 8 });
  const { client } = await LiveClient.open(wsUrl(s.port), { autoPong: false });
  const quiet = await LiveClient.open(wsUrl(s.port));
  const closed = await Promise.race([client.closed, sleep(30_000).then(() => null)]);
  assert.ok(closed !== null, 'the silent peer was not closed within 30 s');
  // A client that answers pings outlives the timeout with no message sent.
  assert.equal(quiet.client.ws.readyState, quiet.client.ws.OPEN);
  assert.equal((await quiet.client.request({ op: 'spellcheck_word', word: 'घर' })).result.status, 'correct');
  await quiet.client.close();
});

test('live upgrade: a GET without Upgrade is 426; the upgrade counts against the rate limit', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 2, rateLimitPerDay: 1000 });
  const plain = await getJson(`${s.base}/api/v1/live`);
  assert.equal(plain.status, 426);
  assert.equal(plain.headers.get('upgrade'), 'websocket');
  assert.equal(plain.body.error.code, 'UPGRADE_REQUIRED');
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  const refused = await LiveClient.open(wsUrl(s.port)).then(
    () => null,
    (e) => e,
  );
  assert.equal(refused.status, 429);
  assert.equal(refused.body.error.code, 'RATE_LIMIT_EXCEEDED');
  assert.ok(Number(refused.headers['retry-after']) >= 1);
  // Messages of the open connection are not REST requests: its budget, not the limit, applies.
  for (let i = 0; i < 5; i++) assert.equal((await client.request({ op: 'spellcheck_word', word: 'घर' })).result.status, 'correct');
});

test('live upgrade: partner keys (header or ?key=) raise the budgets; an unknown key is 401', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'nls-live-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const key = 'live-partner-key-0000000001';
  const file = join(dir, 'partners.json');
  await writeFile(file, JSON.stringify({ keys: [{ name: 'editor', key_sha256: createHash('sha256').update(key).digest('hex') }] }));
  const s = await startTestServer(t, { partnerKeysFile: file, livePartnerFactor: 5, liveMaxConnectionsPerClient: 1 });
  const byQuery = await LiveClient.open(wsUrl(s.port, `?key=${key}`));
  assert.equal(byQuery.ready.limits.messages_per_second, 100);
  assert.equal(byQuery.ready.limits.burst, 300);
  const byHeader = await LiveClient.open(wsUrl(s.port), { headers: { 'X-API-Key': key } });
  assert.equal(byHeader.ready.limits.characters_per_minute, 1_500_000);
  const bad = await LiveClient.open(wsUrl(s.port, '?key=not-a-key')).then(
    () => null,
    (e) => e,
  );
  assert.equal(bad.status, 401);
  assert.equal(bad.body.error.code, 'UNAUTHORIZED');
  // Anonymous: one connection per client (LIVE_MAX_CONNECTIONS_PER_CLIENT=1); the partner's cap is five times that.
  const anon = await LiveClient.open(wsUrl(s.port));
  const second = await LiveClient.open(wsUrl(s.port)).then(
    () => null,
    (e) => e,
  );
  assert.equal(second.status, 429);
  assert.match(second.body.error.message, /Too many live connections from this client \(at most 1\)/);
  await anon.client.close();
  await waitFor('the service to count the connection closed', () => openConnections(s.base, 2));
  const again = await LiveClient.open(wsUrl(s.port));
  for (const c of [byQuery, byHeader, again]) await c.client.close();
});

test('live upgrade: with CORS_ORIGINS set, an upgrade from another Origin is 403 (its own origin is always allowed)', async (t) => {
  const s = await startTestServer(t, { corsOrigins: ['https://editor.example'] });
  const ok = await LiveClient.open(wsUrl(s.port), { origin: 'https://editor.example' });
  await ok.client.close();
  const refused = await LiveClient.open(wsUrl(s.port), { origin: 'https://evil.example' }).then(
    () => null,
    (e) => e,
  );
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error.code, 'FORBIDDEN');
  // Clients that are not browsers send no Origin; the service's own pages (the playground) are of its origin.
  const none = await LiveClient.open(wsUrl(s.port));
  await none.client.close();
  const own = await LiveClient.open(wsUrl(s.port), { origin: `http://127.0.0.1:${s.port}` });
  await own.client.close();
});

test('live shutdown: messages in flight are answered, then the connection closes with 1001', async (t) => {
  const s = await startTestServer(t);
  const { client } = await LiveClient.open(wsUrl(s.port));
  let release!: () => void;
  s.fake.gate = new Promise<void>((r) => (release = r));
  const entered = new Promise<void>((r) => (s.fake.entered = r));
  const inFlight = client.request({ id: 'in-flight', op: 'spellcheck', text: 'किताब' });
  await entered;
  // shutdown() marks the service as going before it returns.
  const down = s.handle.shutdown();
  // A message sent now is refused: the service is going.
  const late = await client.request({ id: 'late', op: 'spellcheck_word', word: 'घर' });
  assert.equal(late.error!.code, 'SERVICE_UNAVAILABLE');
  release();
  s.fake.gate = null;
  assert.deepEqual((await inFlight).result, { misspelled: [], unknown: [] });
  assert.deepEqual(await client.closed, { code: 1001, reason: 'Server shutting down' });
  await down;
});

test('live: /metrics counts connections and messages by outcome', async (t) => {
  const s = await startTestServer(t);
  const { client } = await LiveClient.open(wsUrl(s.port));
  await client.request({ op: 'spellcheck_word', word: 'घर' });
  await client.request({ op: 'suggest' });
  const text = await (await fetch(`${s.base}/metrics`)).text();
  assert.match(text, /^nls_live_connections 1$/m);
  assert.match(text, /^nls_live_messages_total\{outcome="OK"\} 1$/m);
  assert.match(text, /^nls_live_messages_total\{outcome="MISSING_PARAMETER"\} 1$/m);
  await client.close();
  await waitFor('the service to count the connection closed', () => openConnections(s.base, 0));
});

test("live: a text sent again is answered from the connection's recent answers, which are bounded", async (t) => {
  const s = await startTestServer(t);
  const { client } = await LiveClient.open(wsUrl(s.port));
  t.after(() => client.close());
  const calls = () => s.fake.calls.filter((c) => c.method === 'romanizeText').length;
  const first = await client.request({ op: 'romanize', text: 'ghar din' });
  assert.equal(calls(), 1);
  // Sent again (an editor re-sending an unchanged paragraph): the same answer, no new job.
  assert.deepEqual((await client.request({ op: 'romanize', text: 'ghar din' })).result, first.result);
  assert.equal(calls(), 1);
  // Eight other texts push it out (at most 8 answers are kept): asked again, it is a job again.
  for (let i = 0; i < 8; i++) await client.request({ op: 'romanize', text: `ghar ${'din '.repeat(i + 1)}` });
  assert.equal(calls(), 9);
  assert.deepEqual((await client.request({ op: 'romanize', text: 'ghar din' })).result, first.result);
  assert.equal(calls(), 10);
});
