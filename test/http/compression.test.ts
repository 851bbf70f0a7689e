// Compressed answers: Accept-Encoding negotiated with q-values (gzip, br,
// identity, *;q=0), bodies from 1 KiB up, Vary on every body, HEAD with
// the headers GET would send.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exchange } from './exchange.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES } from '../../src/codec/encoding.js';
import { negotiateEncoding } from '../../src/http/compression.js';
import { startTestServer } from './harness.js';

test('negotiation: q-values, identity, the wildcard and refusals', () => {
  const cases: [string, string | null][] = [
    ['', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0.2, gzip;q=0.8, identity;q=0.9', null],
    ['identity', null],
    ['deflate', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['identity;q=0', null],
    ['x-gzip', 'gzip'],
    ['GZIP ; Q=0.5', 'gzip'],
    ['gzip;q=2', null],
    ['gzip;q=abc, br;q=0.001', 'br'],
  ];
  for (const [header, want] of cases) assert.equal(negotiateEncoding(header), want, JSON.stringify(header));
  // The last header's answer is reused: asked again in any order, each gets its own.
  for (const [header, want] of [...cases].reverse().concat(cases)) assert.equal(negotiateEncoding(header), want, `again: ${JSON.stringify(header)}`);
});

// A romanization answer well over 1 KiB (the fake answers a token per word).
const LONG = JSON.stringify({ text: Array.from({ length: 60 }, (_, i) => (i % 3 ? 'ghar' : 'nepal')).join(' ') });
const JSON_HEADERS = { 'content-type': 'application/json' };

test('gzip, br and identity answers decode to the same JSON; Vary: Accept-Encoding on each', async (t) => {
  const s = await startTestServer(t);
  const plain = await exchange(s.port, 'POST', '/api/v1/romanization/resolve', JSON_HEADERS, LONG);
  assert.equal(plain.status, 200);
  assert.ok(plain.body.length >= COMPRESS_MIN_BYTES);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.headers.vary, 'Accept-Encoding');
  const gz = await exchange(s.port, 'POST', '/api/v1/romanization/resolve', { ...JSON_HEADERS, 'accept-encoding': 'gzip' }, LONG);
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gz.headers.vary, 'Accept-Encoding');
  assert.deepEqual(gunzipSync(gz.body), plain.body);
  assert.ok(gz.body.length < plain.body.length / 4);
  const br = await exchange(s.port, 'POST', '/api/v1/romanization/resolve', { ...JSON_HEADERS, 'accept-encoding': 'gzip;q=0.5, br' }, LONG);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(brotliDecompressSync(br.body), plain.body);
  for (const refuse of ['identity', '*;q=0', 'gzip;q=0, br;q=0', 'deflate']) {
    const r = await exchange(s.port, 'POST', '/api/v1/romanization/resolve', { ...JSON_HEADERS, 'accept-encoding': refuse }, LONG);
    assert.equal(r.headers['content-encoding'], undefined, refuse);
    assert.deepEqual(r.body, plain.body, refuse);
  }
});

test('answers under 1 KiB are sent as they are, with Vary all the same', async (t) => {
  const s = await startTestServer(t);
  const r = await exchange(s.port, 'GET', `/api/v1/dictionary/word?q=${encodeURIComponent('घर')}`, { 'accept-encoding': 'gzip, br' });
  assert.equal(r.status, 200);
  assert.ok(r.body.length < COMPRESS_MIN_BYTES);
  assert.equal(r.headers['content-encoding'], undefined);
  assert.equal(r.headers.vary, 'Accept-Encoding');
  // Errors too (Shape A is small).
  const e = await exchange(s.port, 'GET', '/api/v1/dictionary/suggest', { 'accept-encoding': 'gzip' });
  assert.equal(e.status, 400);
  assert.equal(e.headers['content-encoding'], undefined);
  assert.equal(JSON.parse(e.body.toString()).error.code, 'MISSING_PARAMETER');
});

test('HEAD sends the Content-Encoding GET would, and no body; GET of the OpenAPI document is compressed', async (t) => {
  const s = await startTestServer(t);
  const get = await exchange(s.port, 'GET', '/api/v1/openapi.json', { 'accept-encoding': 'br' });
  assert.equal(get.headers['content-encoding'], 'br');
  assert.equal(JSON.parse(brotliDecompressSync(get.body).toString()).openapi, '3.1.0');
  const head = await exchange(s.port, 'HEAD', '/api/v1/openapi.json', { 'accept-encoding': 'br' });
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-encoding'], 'br');
  assert.equal(head.headers.vary, 'Accept-Encoding');
  assert.equal(head.body.length, 0);
  const gz = await exchange(s.port, 'GET', '/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
  assert.deepEqual(gunzipSync(gz.body), brotliDecompressSync(get.body));
});
