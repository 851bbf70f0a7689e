// ETag and Cache-Control on answers that depend only on the data build
// and the code (dictionary word, suggest, examples), and If-None-Match answered 304.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeVersion } from '../../src/dispatch/code-version.js';
import { CACHE_CONTROL } from '../../src/http/caching.js';
import { startTestServer } from './harness.js';

const q = encodeURIComponent;

test('word, suggest and examples answers carry a weak ETag and Cache-Control; If-None-Match gives 304 without a look-up', async (t) => {
  const s = await startTestServer(t);
  for (const path of [
    `/api/v1/dictionary/word?q=${q('घर')}`,
    `/api/v1/dictionary/word/${q('घर')}`,
    `/api/v1/dictionary/suggest?q=${q('ने')}`,
    `/api/v1/dictionary/examples?q=${q('घर')}`,
  ]) {
    const r = await fetch(s.base + path);
    assert.equal(r.status, 200, path);
    const etag = r.headers.get('etag')!;
    assert.match(etag, /^W\/"fake-build-1-[\w-]+"$/, path);
    assert.equal(r.headers.get('cache-control'), CACHE_CONTROL);
    const body = await r.text();
    const calls = s.fake.calls.length;
    const again = await fetch(s.base + path, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304, path);
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(again.headers.get('cache-control'), CACHE_CONTROL);
    assert.equal(again.headers.get('vary'), 'Accept-Encoding');
    assert.equal(await again.text(), '');
    assert.equal(s.fake.calls.length, calls, 'a 304 does no work');
    // The strong form of the tag, a list holding it, and another tag.
    assert.equal((await fetch(s.base + path, { headers: { 'if-none-match': etag.slice(2) } })).status, 304);
    assert.equal((await fetch(s.base + path, { headers: { 'if-none-match': `"x", ${etag}` } })).status, 304);
    const other = await fetch(s.base + path, { headers: { 'if-none-match': 'W/"other"' } });
    assert.equal(other.status, 200);
    assert.equal(await other.text(), body);
  }
});

test('the same question has the same tag by path or query; another question or build another tag', async (t) => {
  const s = await startTestServer(t);
  const tag = async (path: string) => (await fetch(s.base + path)).headers.get('etag');
  const byQuery = await tag(`/api/v1/dictionary/word?q=${q('घर')}`);
  assert.equal(await tag(`/api/v1/dictionary/word/${q('घर')}`), byQuery);
  assert.notEqual(await tag(`/api/v1/dictionary/word?q=${q('दिन')}`), byQuery);
  assert.notEqual(await tag(`/api/v1/dictionary/word?q=${q('घर')}&multi_dict=true`), byQuery);
  assert.notEqual(await tag(`/api/v1/dictionary/suggest?q=${q('ने')}&limit=3`), await tag(`/api/v1/dictionary/suggest?q=${q('ने')}`));
  s.fake.version = 'fake-build-2';
  const next = await fetch(`${s.base}/api/v1/dictionary/word?q=${q('घर')}`, { headers: { 'if-none-match': byQuery! } });
  assert.equal(next.status, 200, 'a new build answers again');
  assert.notEqual(next.headers.get('etag'), byQuery);
});

test('the tag names the code too: a tag the same build gave under other code is no match', async (t) => {
  const s = await startTestServer(t);
  const path = `/api/v1/dictionary/word?q=${q('घर')}`;
  const etag = (await fetch(s.base + path)).headers.get('etag')!;
  assert.ok(etag.startsWith(`W/"fake-build-1-${codeVersion()}-`), etag);
  const otherCode = etag.replace(codeVersion(), '0123456789abcdef');
  const r = await fetch(s.base + path, { headers: { 'if-none-match': otherCode } });
  assert.equal(r.status, 200, 'answered again, not 304');
  assert.equal(r.headers.get('etag'), etag);
});

test('no ETag on errors; If-None-Match: * is 304 only where there is an answer; HEAD is 304 too', async (t) => {
  const s = await startTestServer(t);
  const missing = await fetch(`${s.base}/api/v1/dictionary/word?q=${q('घरघर')}`, { headers: { 'if-none-match': '*' } });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('etag'), null);
  assert.equal(missing.headers.get('cache-control'), null);
  const star = await fetch(`${s.base}/api/v1/dictionary/word?q=${q('घर')}`, { headers: { 'if-none-match': '*' } });
  assert.equal(star.status, 304);
  const etag = (await fetch(`${s.base}/api/v1/dictionary/word?q=${q('घर')}`)).headers.get('etag')!;
  const head = await fetch(`${s.base}/api/v1/dictionary/word?q=${q('घर')}`, { method: 'HEAD', headers: { 'if-none-match': etag } });
  assert.equal(head.status, 304);
  // Texts are not cacheable: no validators.
  const text = await fetch(`${s.base}/api/v1/spellcheck/word?word=${q('घर')}`);
  assert.equal(text.headers.get('etag'), null);
  // A bad request is still a bad request, tag or not.
  assert.equal((await fetch(`${s.base}/api/v1/dictionary/suggest?limit=0&q=x`, { headers: { 'if-none-match': '*' } })).status, 400);
});
