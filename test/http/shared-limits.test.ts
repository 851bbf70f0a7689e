// Rate limits shared by replicas in a real redis-server (REDIS_URL): the
// limit holds across replicas, with the in-memory limiter's arithmetic;
// Redis gone or stalled: each replica counts alone, health says degraded,
// and the shared counting comes back with Redis.

import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { SlidingWindowLimiter } from '../../src/http/rate-limit.js';
import type { WindowPolicy } from '../../src/http/rate-windows.js';
import { SharedWindows } from '../../src/http/shared-limits.js';
import { getJson, postJson, startTestServer, type TestServer } from './harness.js';
import { LiveClient } from './live-client.js';
import { RedisServer, SKIP_WITHOUT_REDIS } from './redis-server.js';
import { waitFor } from '../wait.js';

const skip = SKIP_WITHOUT_REDIS;
const q = encodeURIComponent;

async function redis(t: TestContext): Promise<RedisServer> {
  const r = await RedisServer.start();
  t.after(() => r.stop());
  return r;
}

async function health(s: TestServer): Promise<{ status: string; issues?: string[] }> {
  return (await getJson(`${s.base}/api/v1/health`)).body;
}

/** Waits (polling health) until the replica counts in Redis, or says it does not. */
async function until(s: TestServer, shared: boolean): Promise<void> {
  await waitFor(
    shared ? 'the replica to count in Redis' : 'the replica to count alone',
    async () => {
      const h = await health(s);
      return !(h.issues ?? []).some((i) => /rate limits are counted per process/.test(i)) === shared;
    },
    { everyMs: 100 },
  );
}

/**
 * Two replicas sharing `r`. Redis is given far longer than its default 50 ms
 * to answer (`redisTimeoutMs`): on a loaded machine a loopback round trip can
 * take longer, and a replica would then count alone and the test measure the
 * machine; the stalled-Redis test gives its own.
 */
async function replicas(t: TestContext, r: RedisServer, perMinute: number, redisTimeoutMs = 10_000): Promise<[TestServer, TestServer]> {
  const settings = {
    rateLimitPerMinute: perMinute,
    rateLimitPerDay: 1000,
    redisUrl: r.url,
    redisTimeoutMs,
    redisKeyPrefix: `test:${Math.random().toString(36).slice(2)}`,
  };
  const a = await startTestServer(t, settings);
  const b = await startTestServer(t, settings);
  await until(a, true);
  await until(b, true);
  return [a, b];
}

test('two replicas sharing Redis let a client through the limit once, not once per replica', { skip }, async (t) => {
  const [a, b] = await replicas(t, await redis(t), 5);
  const statuses: number[] = [];
  const remaining: string[] = [];
  const start = Date.now();
  for (let i = 0; i < 12; i++) {
    const r = await getJson(`${(i % 2 ? b : a).base}/api/v1/dictionary/suggest?q=${q('घ')}`);
    statuses.push(r.status);
    remaining.push(r.headers.get('ratelimit-remaining') ?? '');
    if (r.status === 429) {
      assert.equal(r.body.error.code, 'RATE_LIMIT_EXCEEDED');
      // The first request leaves the minute's window 60 s after it was made, however long the test has taken since.
      const since = (Date.now() - start) / 1000;
      assert.ok(r.body.error.retry_after >= Math.floor(60 - since) - 1 && r.body.error.retry_after <= 60, `${r.body.error.retry_after} after ${since} s`);
      assert.equal(r.headers.get('retry-after'), String(r.body.error.retry_after));
    }
  }
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  assert.deepEqual(remaining.slice(0, 5), ['4', '3', '2', '1', '0']);
  assert.equal(a.fake.calls.length + b.fake.calls.length, 5);
  // Probes are never refused and never counted.
  assert.equal((await getJson(`${a.base}/up`)).status, 200);
  assert.equal((await health(b)).status, 'healthy');
});

test('the Redis window decides as the in-memory one: all, partial, never-fits, peek, refund', { skip }, async (t) => {
  const r = await redis(t);
  const shared = new SharedWindows({ url: r.url, timeoutMs: 1000, prefix: 'test:arith' });
  t.after(() => shared.close());
  assert.ok(await shared.waitUntilUp(5000));
  const policies: WindowPolicy[] = [
    { limit: 3, windowMs: 60_000 },
    { limit: 5, windowMs: 86_400_000 },
  ];
  const local = new SlidingWindowLimiter(policies);
  type Step = ['many', number, 'all' | 'partial', number] | ['peek'] | ['refund-first'];
  const steps: Step[] = [
    ['many', 1, 'all', 0],
    ['many', 1, 'all', 0],
    ['peek'],
    ['many', 2, 'all', 1],
    ['many', 2, 'partial', 0],
    ['many', 1, 'all', 0],
    ['peek'],
    ['refund-first'],
    ['peek'],
    ['many', 6, 'all', 0],
    ['many', 3, 'partial', 0],
    ['peek'],
  ];
  let firstLocal: number | undefined;
  let firstShared: string | undefined;
  for (const [i, step] of steps.entries()) {
    if (step[0] === 'refund-first') {
      local.refund('k', firstLocal!);
      await shared.refund('anon', 'k', firstShared!);
      continue;
    }
    const [l, s] =
      step[0] === 'peek'
        ? [local.peek('k'), await shared.peek('anon', 'k', policies)]
        : [local.consumeMany('k', step[1], step[2], step[3]), await shared.consumeMany('anon', 'k', policies, step[1], step[2], step[3])];
    if (i === 0) {
      firstLocal = l.recordedAt as number;
      firstShared = s.recordedAt as string;
    }
    const view = (d: typeof l) => ({ ...d, recordedAt: undefined, retryAfterSeconds: undefined, resetSeconds: undefined });
    assert.deepEqual(view(s), view(l), `step ${i} ${JSON.stringify(step)}`);
    // The two clocks started a few milliseconds apart: waits agree to the second.
    assert.ok(Math.abs(s.retryAfterSeconds - l.retryAfterSeconds) <= 1, `step ${i}: retry ${s.retryAfterSeconds} vs ${l.retryAfterSeconds}`);
    assert.ok(Math.abs(s.resetSeconds - l.resetSeconds) <= 1, `step ${i}: reset ${s.resetSeconds} vs ${l.resetSeconds}`);
  }
});

test('a batch over two replicas: the items past the shared quota are answered 429 line by line', { skip }, async (t) => {
  const [a, b] = await replicas(t, await redis(t), 4);
  assert.equal((await getJson(`${a.base}/api/v1/spellcheck/word?word=${q('घर')}`)).status, 200);
  const r = await fetch(`${b.base}/api/v1/spellcheck/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [1, 2, 3, 4, 5].map((id) => ({ id, word: 'घर' })) }),
  });
  assert.equal(r.status, 200);
  const lines = (await r.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const limited = lines.filter((l) => l.error?.code === 'RATE_LIMIT_EXCEEDED').map((l) => l.id);
  // One request on a, the batch itself and two more items on b: items 4 and 5 are over.
  assert.deepEqual(limited.sort(), [4, 5]);
});

test('the live upgrade counts against the shared limit', { skip }, async (t) => {
  const [a, b] = await replicas(t, await redis(t), 2);
  const one = await LiveClient.open(`ws://127.0.0.1:${a.port}/api/v1/live`);
  const two = await LiveClient.open(`ws://127.0.0.1:${b.port}/api/v1/live`);
  const third = await LiveClient.open(`ws://127.0.0.1:${a.port}/api/v1/live`).then(
    () => null,
    (e) => e,
  );
  assert.equal(third?.status, 429);
  await one.client.close();
  await two.client.close();
});

test('Redis gone: each replica counts alone and says so in health; Redis back: counted together again', { skip }, async (t) => {
  const r = await redis(t);
  const [a, b] = await replicas(t, r, 3);
  await r.stop();
  await until(a, false);
  const h = await health(a);
  assert.equal(h.status, 'degraded');
  assert.match(h.issues!.join('\n'), /rate limits are counted per process: the shared store \(REDIS_URL\) has not answered since/);
  assert.doesNotMatch(h.issues!.join('\n'), /127\.0\.0\.1:\d+/, 'no address in health');
  // Per process: three on each replica.
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await getJson(`${(i % 2 ? b : a).base}/api/v1/dictionary/suggest?q=${q('घ')}`)).status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429]);
  await r.restart();
  await until(a, true);
  await until(b, true);
  assert.equal((await health(a)).status, 'healthy');
  // Counted in Redis again (where nothing was recorded while it was gone): three in all.
  const again: number[] = [];
  for (let i = 0; i < 5; i++) again.push((await getJson(`${(i % 2 ? b : a).base}/api/v1/dictionary/suggest?q=${q('घ')}`)).status);
  assert.deepEqual(again, [200, 200, 200, 429, 429]);
});

test('Redis stalled (SIGSTOP): requests are still answered, health degraded; it recovers after SIGCONT', { skip }, async (t) => {
  const r = await redis(t);
  // Stalled, Redis answers nothing: a second's timeout is far past a loaded machine's round trip, and short enough to wait for.
  const [a] = await replicas(t, r, 100, 1000);
  r.pause();
  t.after(() => r.resume());
  // Each answered: the call to Redis times out (REDIS_TIMEOUT_MS) and the process decides.
  for (let i = 0; i < 3; i++) assert.equal((await getJson(`${a.base}/api/v1/dictionary/suggest?q=${q('घ')}`)).status, 200);
  const h = await health(a);
  assert.equal(h.status, 'degraded');
  assert.match(h.issues!.join('\n'), /rate limits are counted per process/);
  assert.equal((await postJson(`${a.base}/api/v1/spellcheck/text`, { text: 'घर' })).status, 200);
  r.resume();
  await until(a, true);
  // The calls that timed out ran when Redis resumed, and were taken back: only this request is counted there.
  const after = await getJson(`${a.base}/api/v1/dictionary/suggest?q=${q('घ')}`);
  assert.equal(after.status, 200);
  assert.equal(after.headers.get('ratelimit-remaining'), '99', 'no request counted twice');
});
