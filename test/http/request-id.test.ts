// X-Request-Id: taken from the request when well-formed, made otherwise,
// echoed on every answer, written in the access log and in error lines.
// CORS_ORIGINS: any origin by default, or only the listed ones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { strictExchange } from './chunked.js';
import { FakeServices } from './fake-services.js';
import { captureLogLines, getJson, postJson, startTestServer } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const q = encodeURIComponent;

test("every answer carries an X-Request-Id: the client's when well-formed, else a new UUID", async (t) => {
  const s = await startTestServer(t);
  const word = `${s.base}/api/v1/dictionary/word?q=${q('घर')}`;
  const made = await getJson(word);
  assert.match(made.headers.get('x-request-id') ?? '', UUID);
  const again = await getJson(word);
  assert.notEqual(again.headers.get('x-request-id'), made.headers.get('x-request-id'), 'a new id per request');
  for (const sent of ['abc-123', '01HZX3K9Q8W7E6R5T4Y3U2I1O0', 'req.7:upstream_2', 'f'.repeat(128)]) {
    const r = await getJson(word, { headers: { 'X-Request-Id': sent } });
    assert.equal(r.headers.get('x-request-id'), sent);
  }
  for (const bad of ['has space', 'semi;colon', 'f'.repeat(129), '<script>', 'a,b', '-1', 'abc.', ':x']) {
    const r = await getJson(word, { headers: { 'X-Request-Id': bad } });
    assert.match(r.headers.get('x-request-id') ?? '', UUID, `${bad} is replaced`);
  }
  // Errors, probes, unknown paths and preflights carry one too.
  for (const r of [
    await getJson(`${s.base}/up`),
    await getJson(`${s.base}/nope`),
    await postJson(`${s.base}/api/v1/spellcheck/text`, '{'),
    await fetch(`${s.base}/up`, { method: 'OPTIONS' }),
  ]) {
    assert.match(r.headers.get('x-request-id') ?? '', UUID);
  }
  // Browsers may read it.
  assert.match(made.headers.get('access-control-expose-headers') ?? '', /X-Request-Id/);
});

test('a request id with bytes outside ASCII is replaced, never altered; the 101 of a live upgrade carries the id', async (t) => {
  const s = await startTestServer(t);
  const idOf = async (id: Buffer): Promise<string> => {
    const r = await strictExchange(
      s.port,
      Buffer.concat([Buffer.from('GET /up HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Request-Id: '), id, Buffer.from('\r\n\r\n')]),
    );
    return r.headers['x-request-id']!;
  };
  // Inside the value, at its start (uWS drops those bytes: '-1' arrives) and at its end ('x-' arrives).
  for (const id of ['a-अ-1', 'अ-1', 'x-अ']) assert.match(await idOf(Buffer.from(id)), UUID, id);
  assert.equal(await idOf(Buffer.from('req-1')), 'req-1');
  // The upgrade's 101 names the id as any answer does.
  const upgrade = await new Promise<string>((resolve, reject) => {
    const sock = connect(s.port, '127.0.0.1');
    let head = '';
    sock.on('data', (c: Buffer) => {
      head += c.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        sock.destroy();
        resolve(head);
      }
    });
    sock.on('error', reject);
    sock.write(
      'GET /api/v1/live HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nX-Request-Id: live-7\r\n\r\n',
    );
  });
  assert.match(upgrade, /^HTTP\/1\.1 101 Switching Protocols\r\n/);
  assert.match(upgrade, /\r\nX-Request-Id: live-7\r\n/i);
  assert.match(upgrade, /\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK\+xOo=\r\n/i);
});

test('the access log and the error lines name the request id', async (t) => {
  const fake = new FakeServices();
  const s = await startTestServer(t, { logRequests: true }, fake);
  fake.failures.spellcheckText = 'INTERNAL_ERROR';
  const out = captureLogLines(process.stdout);
  const err = captureLogLines(process.stderr);
  let failed;
  try {
    await getJson(`${s.base}/up`, { headers: { 'X-Request-Id': 'probe-1' } });
    failed = await postJson(`${s.base}/api/v1/spellcheck/text`, { text: 'घर' }, { headers: { 'X-Request-Id': 'failing-2' } });
  } finally {
    out.restore();
    err.restore();
  }
  assert.equal(failed.status, 500);
  assert.equal(failed.body.error.message, 'Internal server error', 'no detail to the client');
  const access = out.lines.map((l) => JSON.parse(l));
  assert.deepEqual(
    access.map((a) => [a.path, a.status, a.request_id]),
    [
      ['/up', 200, 'probe-1'],
      ['/api/v1/spellcheck/text', 500, 'failing-2'],
    ],
  );
  const errors = err.lines.map((l) => JSON.parse(l));
  assert.equal(errors.length, 1);
  assert.equal(errors[0].level, 'error');
  assert.equal(errors[0].request_id, 'failing-2');
  assert.match(errors[0].message, /spellcheck/);
});

test('CORS_ORIGINS: the default answers any origin with *', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/up`, { headers: { Origin: 'https://anywhere.example' } });
  assert.equal(r.headers.get('access-control-allow-origin'), '*');
  assert.equal(r.headers.get('vary'), 'Accept-Encoding');
});

test('CORS_ORIGINS as a list: a listed origin is echoed, another gets no CORS headers, and answers vary by Origin', async (t) => {
  const s = await startTestServer(t, { corsOrigins: ['https://editor.example', 'http://localhost:3000'] });
  const word = `${s.base}/api/v1/dictionary/word?q=${q('घर')}`;
  const listed = await getJson(word, { headers: { Origin: 'http://localhost:3000' } });
  assert.equal(listed.status, 200);
  assert.equal(listed.headers.get('access-control-allow-origin'), 'http://localhost:3000');
  assert.match(listed.headers.get('access-control-expose-headers') ?? '', /RateLimit-Remaining/);
  assert.equal(listed.headers.get('vary'), 'Accept-Encoding, Origin');
  const other = await getJson(word, { headers: { Origin: 'https://evil.example' } });
  assert.equal(other.status, 200, 'the answer itself is not refused: the browser withholds it');
  assert.equal(other.headers.get('access-control-allow-origin'), null);
  assert.equal(other.headers.get('vary'), 'Accept-Encoding, Origin');
  const none = await getJson(word);
  assert.equal(none.headers.get('access-control-allow-origin'), null);
  // A preflight from a listed origin is answered for it.
  const pre = await fetch(`${s.base}/api/v1/spellcheck/text`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://editor.example', 'Access-Control-Request-Method': 'POST' },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), 'https://editor.example');
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /X-Request-Id/);
  assert.match(pre.headers.get('vary') ?? '', /Origin/);
});
