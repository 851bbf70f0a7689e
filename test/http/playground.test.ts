// The playground's static routes: GET / and GET /playground/{file}. Their
// media types, the page's Content-Security-Policy, ETag/304, HEAD, no rate
// limit, and what the page asks for is what is served. Needs `make build`
// (the scripts are compiled into dist/playground by tsconfig.playground.json).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PLAYGROUND_CSP, PLAYGROUND_SCRIPT_DIR, PLAYGROUND_SOURCE_DIR } from '../../src/http/routes/playground.js';
import { startTestServer } from './harness.js';

const FILES: [string, string][] = [
  ['/', 'text/html; charset=utf-8'],
  ['/playground/app.js', 'text/javascript; charset=utf-8'],
  ['/playground/app.css', 'text/css; charset=utf-8'],
  ['/playground/rules.json', 'application/json; charset=utf-8'],
];

test('the page and its files: status, media type, no-cache with an ETag, nosniff; the page has its CSP; not rate limited', async (t) => {
  // One request a minute: every answer below being a 200 says these routes are not counted.
  const s = await startTestServer(t, { rateLimitPerMinute: 1 });
  for (const [path, type] of FILES) {
    const r = await fetch(s.base + path);
    const body = await r.text();
    assert.equal(r.status, 200, path);
    assert.equal(r.headers.get('content-type'), type, path);
    assert.equal(r.headers.get('cache-control'), 'no-cache', path);
    assert.match(r.headers.get('etag') ?? '', /^W\/"[0-9a-f]{16}-[0-9a-f]{16}-\w+"$/, path);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff', path);
    assert.ok(body.length > 0, path);
  }
  const page = await fetch(s.base + '/');
  assert.equal(page.headers.get('content-security-policy'), PLAYGROUND_CSP);
  assert.match(PLAYGROUND_CSP, /default-src 'self'/);
  assert.match(PLAYGROUND_CSP, /connect-src 'self'/);
  assert.equal((await fetch(s.base + '/playground/app.js')).headers.get('content-security-policy'), null);
});

test('the served bytes are the files in the repository; every script module the page imports is served', async (t) => {
  const s = await startTestServer(t);
  const html = await (await fetch(s.base + '/')).text();
  assert.equal(html, readFileSync(`${PLAYGROUND_SOURCE_DIR}/index.html`, 'utf8'));
  assert.match(html, /<script type="module" src="\/playground\/app\.js"><\/script>/);
  assert.match(html, /<link rel="stylesheet" href="\/playground\/app\.css">/);
  assert.doesNotMatch(html, /https?:\/\//, 'nothing from another origin');
  assert.doesNotMatch(html, /<script>|\sstyle="|\son\w+="/, 'no inline script, style or handler (the CSP forbids them)');
  for (const name of readdirSync(PLAYGROUND_SCRIPT_DIR).filter((n) => n.endsWith('.js'))) {
    const js = await (await fetch(`${s.base}/playground/${name}`)).text();
    assert.equal(js, readFileSync(`${PLAYGROUND_SCRIPT_DIR}/${name}`, 'utf8'), name);
    for (const [, imported] of js.matchAll(/from '\.\/([\w-]+\.js)'/g))
      assert.equal((await fetch(`${s.base}/playground/${imported}`)).status, 200, `${name} imports ${imported}`);
  }
  const rules = (await (await fetch(s.base + '/playground/rules.json')).json()) as Record<string, string>;
  assert.ok(Object.keys(rules).length >= 10);
  assert.match(rules['oblique-genitive'] ?? '', /[\u0900-\u097F]/);
});

test('If-None-Match with the ETag is 304 (GET and HEAD); another file, or the file changed, has another tag', async (t) => {
  const s = await startTestServer(t);
  const tags = new Set<string>();
  for (const [path] of FILES) {
    const etag = (await fetch(s.base + path)).headers.get('etag')!;
    tags.add(etag);
    for (const method of ['GET', 'HEAD']) {
      const again = await fetch(s.base + path, { method, headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304, `${method} ${path}`);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal(again.headers.get('cache-control'), 'no-cache');
      assert.equal(await again.text(), '');
    }
    assert.equal((await fetch(s.base + path, { headers: { 'if-none-match': 'W/"0000000000000000-x"' } })).status, 200, path);
  }
  assert.equal(tags.size, FILES.length);
});

test('HEAD gives the headers of GET and no body; unknown files are 404; POST is 405', async (t) => {
  const s = await startTestServer(t);
  for (const [path, type] of FILES) {
    const head = await fetch(s.base + path, { method: 'HEAD' });
    assert.equal(head.status, 200, path);
    assert.equal(head.headers.get('content-type'), type, path);
    assert.ok(head.headers.get('etag'), path);
    assert.equal(await head.text(), '');
  }
  assert.equal((await fetch(s.base + '/', { method: 'HEAD' })).headers.get('content-security-policy'), PLAYGROUND_CSP);
  for (const path of ['/playground/nope.js', '/playground/..%2Fpackage.json', '/playground/', '/playground/index.html']) {
    const r = await fetch(s.base + path);
    assert.equal(r.status, 404, path);
    assert.equal(((await r.json()) as { error: { code: string } }).error.code, 'NOT_FOUND', path);
  }
  const post = await fetch(s.base + '/', { method: 'POST' });
  assert.equal(post.status, 405);
  assert.match(post.headers.get('allow') ?? '', /GET, HEAD/);
});

test('the page is compressed as Accept-Encoding allows', async (t) => {
  const s = await startTestServer(t);
  const r = await fetch(s.base + '/playground/editor.js', { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-encoding'), 'gzip');
  assert.equal(await r.text(), readFileSync(`${PLAYGROUND_SCRIPT_DIR}/editor.js`, 'utf8'));
});
