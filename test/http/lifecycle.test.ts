// Shutdown drains in-flight requests, aborted uploads and aborted waits leave
// the server serving, and the access log writes one JSON line per request.

import assert from 'node:assert/strict';
import { connect, createServer, type AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FakeServices } from './fake-services.js';
import { captureLogLines, getJson, postJson, RawConnection, startTestServer } from './harness.js';

const UP = 'GET /up HTTP/1.1\r\nHost: x\r\n\r\n';
const HEALTH = 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n';

function gated(fake: FakeServices): { release: () => void; entered: Promise<void> } {
  let release!: () => void;
  fake.gate = new Promise<void>((r) => (release = r));
  const entered = new Promise<void>((r) => (fake.entered = r));
  return { release, entered };
}

test('shutdown: /up turns 503, new connections are refused, the request in flight finishes', { timeout: 30_000 }, async (t) => {
  const fake = new FakeServices();
  const { release, entered } = gated(fake);
  const s = await startTestServer(t, { shutdownGraceMs: 60_000 }, fake);
  const a = await RawConnection.open(s.port);
  const b = await RawConnection.open(s.port);
  t.after(() => {
    a.destroy();
    b.destroy();
  });
  assert.equal((await a.request(UP))?.status, 200);
  assert.equal((await b.request(UP))?.status, 200);

  const inFlight = postJson(`${s.base}/api/v1/spellcheck/text`, { text: 'घर नेपालि' });
  await entered;
  let shutdownDone = false;
  const shutdown = s.handle.shutdown().then(() => {
    shutdownDone = true;
  });
  assert.equal(s.handle.shutdown(), s.handle.shutdown(), 'shutdown is idempotent');

  const up = await a.request(UP);
  assert.equal(up?.status, 503);
  assert.deepEqual(JSON.parse(up!.body), { status: 'error' });
  assert.equal(up?.headers['connection'], 'close', 'kept-alive clients are told to go');

  const health = await b.request(HEALTH);
  assert.equal(health?.status, 200);
  const hb = JSON.parse(health!.body);
  assert.equal(hb.status, 'degraded');
  assert.ok(hb.issues.includes('the service is shutting down'));

  await assert.rejects(fetch(`${s.base}/up`), 'the listen socket is closed');
  assert.equal(shutdownDone, false, 'shutdown waits for the request in flight');

  release();
  const r = await inFlight;
  assert.equal(r.status, 200);
  assert.deepEqual(
    r.body.misspelled.map((m: { word: string }) => m.word),
    ['नेपालि'],
  );
  await shutdown;
  assert.equal(shutdownDone, true);
});

test('shutdown: the wait for requests in flight is bounded by shutdownGraceMs', { timeout: 30_000 }, async (t) => {
  const fake = new FakeServices();
  const { release, entered } = gated(fake);
  const s = await startTestServer(t, { shutdownGraceMs: 50 }, fake);
  const inFlight = postJson(`${s.base}/api/v1/spellcheck/text`, { text: 'घर' }).then(
    (r) => r.status,
    () => 'closed',
  );
  await entered;
  await s.handle.shutdown();
  // The app is closed with the request still held: its connection is gone.
  assert.equal(await inFlight, 'closed');
  // The service answers later; nothing may be written to the closed response.
  release();
  await new Promise((r) => setImmediate(r));
  assert.equal(fake.calls.filter((c) => c.method === 'spellcheckText').length, 1);
});

test('an aborted upload: the handler never runs and the server keeps answering', { timeout: 30_000 }, async (t) => {
  const s = await startTestServer(t, { shutdownGraceMs: 60_000 });
  const socket = connect(s.port, '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', () => r()));
  socket.write('POST /api/v1/spellcheck/text HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text": "घर');
  // Another request completing means the server has had its turn to read the partial one.
  assert.equal((await getJson(`${s.base}/up`)).status, 200);
  socket.destroy();
  assert.equal((await getJson(`${s.base}/up`)).status, 200);
  const r = await postJson(`${s.base}/api/v1/spellcheck/text`, { text: 'घर' });
  assert.equal(r.status, 200);
  assert.equal(s.fake.calls.filter((c) => c.method === 'spellcheckText').length, 1, 'only the complete request reached the service');
  // Nothing is left in flight: shutdown does not wait out its 60 s grace (the test timeout would fail it).
  await s.handle.shutdown();
});

test('a client that disconnects while the service works: no write to the dead response, server keeps serving', { timeout: 30_000 }, async (t) => {
  const fake = new FakeServices();
  const { release, entered } = gated(fake);
  const s = await startTestServer(t, { shutdownGraceMs: 60_000 }, fake);
  const ac = new AbortController();
  const req = fetch(`${s.base}/api/v1/dictionary/word?q=${encodeURIComponent('घर')}`, { signal: ac.signal });
  await entered;
  ac.abort();
  await assert.rejects(req);
  // Another request reaching the server after the abort: it has seen the disconnect.
  fake.gate = null;
  assert.equal((await getJson(`${s.base}/up`)).status, 200);
  release();
  await new Promise((r) => setImmediate(r));
  assert.equal((await getJson(`${s.base}/api/v1/dictionary/word?q=${encodeURIComponent('घर')}`)).status, 200);
  await s.handle.shutdown();
});

/** Collects the access-log lines written to stdout until restore() is called. */
test('access log: one JSON line per request on stdout, without the query string', async (t) => {
  const s = await startTestServer(t, { logRequests: true });
  const { lines, restore } = captureLogLines(process.stdout);
  try {
    await getJson(`${s.base}/api/v1/dictionary/word?q=${encodeURIComponent('घर')}`);
    await getJson(`${s.base}/nope`);
    await getJson(`${s.base}/api/v1/dictionary/word/${encodeURIComponent('घर')}`);
  } finally {
    restore();
  }
  assert.equal(lines.length, 3);
  const first = JSON.parse(lines[0]!);
  assert.equal(first.method, 'GET');
  assert.equal(first.path, '/api/v1/dictionary/word');
  assert.equal(first.status, 200);
  assert.equal(first.client, '127.0.0.1');
  assert.ok(first.bytes > 0);
  assert.equal(typeof first.ms, 'number');
  assert.ok(!lines[0]!.includes('%E0'), 'the looked-up word is not logged');
  assert.ok(lines[0]!.endsWith('\n'));
  assert.equal(JSON.parse(lines[1]!).status, 404);
  assert.equal(JSON.parse(lines[1]!).path, '/nope');
  assert.equal(JSON.parse(lines[2]!).path, '/api/v1/dictionary/word/{word}', 'a word in the path is not logged either');
});

test('no access log when logRequests is off', async (t) => {
  const s = await startTestServer(t, { logRequests: false });
  const { lines, restore } = captureLogLines(process.stdout);
  try {
    await getJson(`${s.base}/up`);
  } finally {
    restore();
  }
  assert.equal(lines.length, 0);
});

test('startServer fails cleanly when the port is taken: a second instance never shares it silently', async (t) => {
  const s = await startTestServer(t);
  const { startServer } = await import('../../src/http/server.js');
  const { DEFAULTS } = await import('../../src/config.js');
  await assert.rejects(
    startServer({ ...DEFAULTS, host: '127.0.0.1', port: s.port }, new FakeServices()),
    /port \d+ on 127\.0\.0\.1 is already in use .*REUSE_PORT=true/,
  );
  // Asking to share does not help against a listener that did not.
  await assert.rejects(
    startServer({ ...DEFAULTS, host: '127.0.0.1', port: s.port, reusePort: true }, new FakeServices()),
    /already in use .*does not share it/,
  );
  // Nor does another program's listener.
  const other = createServer();
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  t.after(() => other.close());
  const port = (other.address() as AddressInfo).port;
  await assert.rejects(startServer({ ...DEFAULTS, host: '127.0.0.1', port }, new FakeServices()), /already in use/);
});

/** Starts test/http/listen-child.ts; resolves with its first line. */
function listenChild(t: TestContext, port: number, mode: 'share' | 'exclusive'): Promise<{ port?: number; error?: string }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./listen-child.js', import.meta.url)), String(port), mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LISTEN_CHILD: '1' },
  });
  t.after(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(out.slice(0, nl)) as { port?: number; error?: string });
    });
    child.on('exit', (code) => reject(new Error(`child exited ${code} before answering: ${out}`)));
  });
}

test('REUSE_PORT=true: two processes that both ask to share a port both listen; without it the second is refused', { timeout: 30_000 }, async (t) => {
  // A port picked first: Linux gives a port-0 listener a port no later SO_REUSEPORT bind can join.
  const free = createServer();
  await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
  const port = (free.address() as AddressInfo).port;
  await new Promise<void>((r) => free.close(() => r()));
  const a = await listenChild(t, port, 'share');
  assert.deepEqual(a, { port });
  const b = await listenChild(t, port, 'share');
  assert.deepEqual(b, { port });
  const c = await listenChild(t, 0, 'exclusive');
  assert.ok(c.port);
  const d = await listenChild(t, c.port, 'exclusive');
  assert.match(d.error ?? '', /already in use/);
});
