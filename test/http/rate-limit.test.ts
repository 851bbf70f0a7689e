// Rate limits: the sliding-window log on a fake clock (exactness, retry
// times, memory bounds), and the server's use of it (429 bodies and headers,
// probes, partner keys, X-Forwarded-For from trusted proxies only).

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Compile } from 'typebox/compile';
import { PartnerKeys } from '../../src/http/partners.js';
import { RateLimits, SlidingWindowLimiter } from '../../src/http/rate-limit.js';
import type { RateDecision } from '../../src/http/rate-windows.js';
import { ErrorBody, RateLimitBody } from '../../src/schemas/common.js';
import { getJson, startTestServer } from './harness.js';

const MIN = 60_000;
const DAY = 86_400_000;

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms), set: (ms: number) => (t = ms) };
}

// ---- the limiter itself

test('30 per minute: the 31st request in a minute is refused, with the wait until the first expires', () => {
  const c = clock();
  const l = new SlidingWindowLimiter([{ limit: 30, windowMs: MIN }], { now: c.now });
  for (let i = 0; i < 30; i++) {
    const d = l.consume('a');
    assert.equal(d.allowed, true);
    assert.equal(d.remaining, 29 - i);
    c.advance(1000);
  }
  // t = start + 30 s; the first request leaves the window at start + 60 s.
  const refused = l.consume('a');
  assert.equal(refused.allowed, false);
  assert.equal(refused.remaining, 0);
  assert.equal(refused.retryAfterSeconds, 30);
  c.advance(29_999);
  assert.equal(l.consume('a').allowed, false);
  c.advance(1);
  assert.equal(l.consume('a').allowed, true);
  assert.equal(l.consume('a').allowed, false);
});

test('no burst across a minute boundary: 1 + 29 requests then 30 more a second later is refused', () => {
  const c = clock(0);
  const l = new SlidingWindowLimiter([{ limit: 30, windowMs: MIN }], { now: c.now });
  assert.equal(l.consume('a').allowed, true); // t = 0
  c.set(59_000);
  for (let i = 0; i < 29; i++) assert.equal(l.consume('a').allowed, true);
  c.set(60_500); // a fixed window starting at t=0 would now allow 30 more
  assert.equal(l.consume('a').allowed, true, 'the t=0 request has left the window');
  assert.equal(l.consume('a').allowed, false, 'the other 29 are still inside it');
  const d = l.peek('a');
  assert.equal(d.retryAfterSeconds, 59, 'the t=59 s requests leave at t=119 s');
});

test('exactness: under random traffic no 60 s interval ever holds more than 30 accepted requests', () => {
  const c = clock(0);
  const l = new SlidingWindowLimiter([{ limit: 30, windowMs: MIN }], { now: c.now });
  const accepted: number[] = [];
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 5000; i++) {
    c.advance(Math.floor(rand() * 4000));
    if (l.consume('a').allowed) accepted.push(c.now());
  }
  assert.ok(accepted.length > 100);
  for (let i = 30; i < accepted.length; i++) {
    assert.ok(accepted[i]! - accepted[i - 30]! >= MIN, `31 requests within ${accepted[i]! - accepted[i - 30]!} ms`);
  }
});

test('refused requests are not counted: a client that keeps trying is served again once old requests age out', () => {
  const c = clock(0);
  const l = new SlidingWindowLimiter([{ limit: 2, windowMs: MIN }], { now: c.now });
  l.consume('a');
  l.consume('a');
  for (let i = 0; i < 100; i++) {
    c.advance(500);
    if (c.now() < MIN) assert.equal(l.consume('a').allowed, false);
  }
  c.set(MIN);
  assert.equal(l.consume('a').allowed, true);
});

test('two policies: the day limit applies across minutes; headers report the policy nearest exhaustion', () => {
  const c = clock(0);
  const l = new SlidingWindowLimiter(
    [
      { limit: 3, windowMs: MIN },
      { limit: 5, windowMs: DAY },
    ],
    { now: c.now },
  );
  let d = l.consume('a');
  assert.deepEqual([d.limit, d.remaining, d.policy], [3, 2, '3;w=60, 5;w=86400']);
  l.consume('a');
  d = l.consume('a');
  assert.deepEqual([d.allowed, d.limit, d.remaining], [true, 3, 0]);
  assert.equal(d.resetSeconds, 60);
  assert.equal(l.consume('a').allowed, false);
  c.advance(MIN);
  d = l.consume('a');
  assert.deepEqual([d.allowed, d.limit, d.remaining], [true, 5, 1]);
  l.consume('a');
  c.advance(MIN);
  d = l.consume('a');
  assert.equal(d.allowed, false);
  assert.equal(d.limit, 5);
  assert.equal(d.retryAfterSeconds, DAY / 1000 - 120);
});

test('consumeMany "all": several requests counted at once, or none, with the wait until all fit', () => {
  const c = clock(0);
  const l = new SlidingWindowLimiter([{ limit: 30, windowMs: MIN }], { now: c.now });
  for (let i = 0; i < 10; i++) {
    l.consume('a');
    c.advance(1000);
  }
  // t = 10 s: 10 in the window, 20 free.
  const d = l.consumeMany('a', 20, 'all');
  assert.deepEqual([d.granted, d.allowed, d.remaining, d.neverFits], [20, true, 0, false]);
  const refused = l.consumeMany('a', 5, 'all');
  assert.deepEqual([refused.granted, refused.allowed, refused.neverFits], [0, false, false]);
  // Five must leave: the 5th oldest (t = 4 s) leaves at 64 s, 54 s from now.
  assert.equal(refused.retryAfterSeconds, 54);
  assert.equal(l.peek('a').remaining, 0, 'a refusal counts nothing');
  const never = l.consumeMany('a', 31, 'all');
  assert.deepEqual([never.granted, never.neverFits], [0, true]);
});

test('consumeMany "partial": as many as fit, in order; the wait is for one more', () => {
  const c = clock(0);
  const l = new SlidingWindowLimiter(
    [
      { limit: 30, windowMs: MIN },
      { limit: 1000, windowMs: DAY },
    ],
    { now: c.now },
  );
  for (let i = 0; i < 25; i++) l.consume('a');
  c.advance(5000);
  const d = l.consumeMany('a', 12, 'partial');
  assert.deepEqual([d.granted, d.allowed, d.remaining], [5, true, 0]);
  assert.equal(d.retryAfterSeconds, 55, 'the first requests leave the minute at 60 s');
  assert.equal(l.consumeMany('a', 3, 'partial').granted, 0);
});

test('refund takes back exactly the request counted at that time', () => {
  const c = clock(0);
  const l = new SlidingWindowLimiter([{ limit: 3, windowMs: MIN }], { now: c.now });
  const first = l.consume('a');
  c.advance(1000);
  l.consume('a');
  c.advance(1000);
  l.consume('a');
  assert.equal(l.consume('a').allowed, false);
  l.refund('a', first.recordedAt as number);
  assert.equal(l.peek('a').remaining, 1);
  // The oldest left is the one at 1 s: one more now, and the next slot frees at 61 s.
  assert.equal(l.consume('a').allowed, true);
  const d = l.consume('a');
  assert.equal(d.allowed, false);
  assert.equal(d.retryAfterSeconds, 59);
});

test('clients are counted separately, and peek does not count', () => {
  const c = clock();
  const l = new SlidingWindowLimiter([{ limit: 1, windowMs: MIN }], { now: c.now });
  assert.equal(l.peek('a').remaining, 1);
  assert.equal(l.peek('a').resetSeconds, 0);
  assert.equal(l.consume('a').allowed, true);
  assert.equal(l.consume('a').allowed, false);
  assert.equal(l.consume('b').allowed, true);
  assert.equal(l.peek('b').remaining, 0);
});

test('memory is bounded: at most maxClients are remembered, and idle clients are purged', () => {
  const c = clock();
  const l = new SlidingWindowLimiter([{ limit: 5, windowMs: MIN }], { now: c.now, maxClients: 100 });
  for (let i = 0; i < 1000; i++) l.consume(`client-${i}`);
  assert.equal(l.size, 100);
  c.advance(MIN + 1);
  l.purgeStale();
  assert.equal(l.size, 0);
});

test('memory is bounded in bytes: logs that grow are accounted for', () => {
  const c = clock();
  const l = new SlidingWindowLimiter([{ limit: 1000, windowMs: DAY }], { now: c.now, maxBytes: 64 * 1024 });
  for (let client = 0; client < 20; client++) {
    for (let i = 0; i < 1000; i++) {
      l.consume(`c${client}`);
      c.advance(10);
    }
  }
  // A full log is 8,000 bytes of times: 64 KiB holds at most 8 of them.
  assert.ok(l.size <= 8, `remembered ${l.size} full logs`);
  assert.ok(l.size >= 1);
});

test('limits of 0 turn the anonymous tier off; partners without limits are unlimited', () => {
  const keys = PartnerKeys.fromJson({ keys: [{ name: 'p', key: 'k'.repeat(16), per_minute: 0, per_day: null }] }, 'test');
  const limits = new RateLimits({ perMinute: 0, perDay: 0 }, keys);
  assert.equal(limits.consume({ kind: 'anonymous', key: '1.2.3.4' }), null);
  const partner = limits.findPartner('k'.repeat(16));
  assert.ok(partner);
  assert.equal(limits.consume({ kind: 'partner', partner }), null);
  const dayOnly = new RateLimits({ perMinute: 0, perDay: 2 }, keys);
  assert.equal((dayOnly.consume({ kind: 'anonymous', key: 'x' }) as RateDecision | null)?.policy, '2;w=86400');
});

// ---- partner key files

test('partner keys: plain and SHA-256 keys are found; unknown keys are not', () => {
  const plain = 'partner-key-0123456789';
  const hashed = 'another-partner-key-xyz';
  const keys = PartnerKeys.fromJson(
    {
      keys: [
        { name: 'plain', key: plain, per_minute: 100 },
        { name: 'hashed', key_sha256: createHash('sha256').update(hashed).digest('hex').toUpperCase(), per_day: 5 },
      ],
    },
    'test',
  );
  assert.deepEqual(keys.find(plain), { name: 'plain', perMinute: 100, perDay: 0 });
  assert.deepEqual(keys.find(hashed), { name: 'hashed', perMinute: 0, perDay: 5 });
  assert.equal(keys.find('partner-key-012345678'), null);
  assert.equal(keys.find(''), null);
});

test('partner key files that are wrong are refused at start-up with a message naming the problem', () => {
  const bad: [unknown, RegExp][] = [
    [{ keys: [{ name: 'a' }] }, /exactly one of "key" or "key_sha256"/],
    [{ keys: [{ name: 'a', key: 'k'.repeat(16), key_sha256: 'a'.repeat(64) }] }, /exactly one/],
    [{ keys: [{ name: 'a', key: 'short' }] }, /test/],
    [{ keys: [{ name: 'a', key_sha256: 'xyz' }] }, /test/],
    [
      {
        keys: [
          { name: 'a', key: 'k'.repeat(16) },
          { name: 'a', key: 'j'.repeat(16) },
        ],
      },
      /repeats the name/,
    ],
    [
      {
        keys: [
          { name: 'a', key: 'k'.repeat(16) },
          { name: 'b', key: 'k'.repeat(16) },
        ],
      },
      /repeats a key/,
    ],
    [{ keys: [{ name: 'a', key: 'k'.repeat(16), per_minute: -1 }] }, /test/],
    [[], /test/],
  ];
  for (const [json, pattern] of bad) assert.throws(() => PartnerKeys.fromJson(json, 'test'), pattern, JSON.stringify(json));
});

test('PARTNER_KEYS_FILE that is missing or not JSON stops start-up', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'keys-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await assert.rejects(PartnerKeys.load(join(dir, 'missing.json')), /PARTNER_KEYS_FILE: cannot read/);
  await writeFile(join(dir, 'bad.json'), '{nope');
  await assert.rejects(PartnerKeys.load(join(dir, 'bad.json')), /not valid JSON/);
});

// ---- over HTTP

const ShapeA = Compile(ErrorBody);
const Limited = Compile(RateLimitBody);
const q = encodeURIComponent;

test('anonymous limit: RateLimit headers on every response, then 429 with retry_after and Retry-After', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 3, rateLimitPerDay: 1000 });
  const url = `${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`;
  for (let i = 0; i < 3; i++) {
    const r = await getJson(url);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('ratelimit-limit'), '3');
    assert.equal(r.headers.get('ratelimit-remaining'), String(2 - i));
    assert.match(r.headers.get('ratelimit-reset') ?? '', /^\d+$/);
    assert.equal(r.headers.get('ratelimit-policy'), '3;w=60, 1000;w=86400');
  }
  const r = await getJson(url);
  assert.equal(r.status, 429);
  assert.ok(Limited.Check(r.body), JSON.stringify(r.body));
  assert.equal(r.body.error.code, 'RATE_LIMIT_EXCEEDED');
  assert.ok(Number.isInteger(r.body.error.retry_after) && r.body.error.retry_after >= 1 && r.body.error.retry_after <= 60);
  assert.equal(r.headers.get('retry-after'), String(r.body.error.retry_after));
  assert.equal(r.headers.get('ratelimit-remaining'), '0');
  assert.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
  // Every endpoint counts, including unknown paths.
  assert.equal((await getJson(`${s.base}/nope`)).status, 429);
});

test('probes are neither counted nor refused, but still report the RateLimit headers', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 1 });
  for (let i = 0; i < 5; i++) assert.equal((await getJson(`${s.base}/up`)).status, 200);
  for (let i = 0; i < 5; i++) assert.equal((await getJson(`${s.base}/api/v1/health`)).status, 200);
  const first = await getJson(`${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`);
  assert.equal(first.status, 200, 'the probes did not use up the one request');
  assert.equal((await getJson(`${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`)).status, 429);
  const up = await getJson(`${s.base}/up`);
  assert.equal(up.status, 200);
  assert.equal(up.headers.get('ratelimit-remaining'), '0');
  const pre = await fetch(`${s.base}/api/v1/spellcheck/text`, { method: 'OPTIONS' });
  assert.equal(pre.status, 204, 'preflights are not refused');
});

test('limits off (0/0): no RateLimit headers and no refusals', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 0, rateLimitPerDay: 0 });
  for (let i = 0; i < 40; i++) {
    const r = await getJson(`${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('ratelimit-limit'), null);
  }
});

const keyDirs: string[] = [];
after(() => Promise.all(keyDirs.map((d) => rm(d, { recursive: true, force: true }))));

async function keysFile(json: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'keys-'));
  keyDirs.push(dir);
  const file = join(dir, 'partners.json');
  await writeFile(file, JSON.stringify(json));
  return file;
}

const UNLIMITED_KEY = 'unlimited-partner-key-0001';
const SMALL_KEY = 'small-partner-key-000000002';

async function partnerServer(t: import('node:test').TestContext) {
  const file = await keysFile({
    keys: [
      { name: 'unlimited', key_sha256: createHash('sha256').update(UNLIMITED_KEY).digest('hex') },
      { name: 'small', key: SMALL_KEY, per_minute: 2, per_day: 0 },
    ],
  });
  return startTestServer(t, { rateLimitPerMinute: 2, rateLimitPerDay: 1000, partnerKeysFile: file });
}

test('partner key bypass: an unlimited key is served after the anonymous limit is spent', async (t) => {
  const s = await partnerServer(t);
  const url = `${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`;
  await getJson(url);
  await getJson(url);
  assert.equal((await getJson(url)).status, 429);
  for (let i = 0; i < 10; i++) {
    const r = await getJson(url, { headers: { 'X-API-Key': UNLIMITED_KEY } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('ratelimit-limit'), null, 'no quota to report');
  }
});

test('a partner with its own limit is counted per key, not per address', async (t) => {
  const s = await partnerServer(t);
  const url = `${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`;
  const h = { headers: { 'X-API-Key': SMALL_KEY } };
  let r = await getJson(url, h);
  assert.equal(r.headers.get('ratelimit-limit'), '2');
  assert.equal(r.headers.get('ratelimit-policy'), '2;w=60');
  await getJson(url, h);
  r = await getJson(url, h);
  assert.equal(r.status, 429);
  assert.equal(r.body.error.code, 'RATE_LIMIT_EXCEEDED');
  // The address's own anonymous quota is untouched.
  assert.equal((await getJson(url)).status, 200);
});

test('an unknown API key: 401 UNAUTHORIZED (Shape A), and it counts against the address', async (t) => {
  const s = await partnerServer(t);
  const url = `${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`;
  let r = await getJson(url, { headers: { 'X-API-Key': 'wrong-key-wrong-key' } });
  assert.equal(r.status, 401);
  assert.ok(ShapeA.Check(r.body));
  assert.equal(r.body.error.code, 'UNAUTHORIZED');
  assert.equal(r.headers.get('ratelimit-remaining'), '1');
  await getJson(url, { headers: { 'X-API-Key': 'wrong-key-2' } });
  r = await getJson(url, { headers: { 'X-API-Key': 'wrong-key-3' } });
  assert.equal(r.status, 429, 'guessing keys is rate limited');
  // An empty header is the same as none.
  r = await getJson(`${s.base}/up`, { headers: { 'X-API-Key': '' } });
  assert.equal(r.status, 200);
});

test('probes ignore X-API-Key: a stale key never turns /up or health into 401 or 429, nor spends the quota', async (t) => {
  const s = await partnerServer(t);
  const url = `${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`;
  for (let i = 0; i < 5; i++) {
    for (const path of ['/up', '/api/v1/health']) {
      for (const key of ['stale-key-stale-key', SMALL_KEY]) {
        const r = await fetch(s.base + path, { headers: { 'X-API-Key': key } });
        await r.arrayBuffer();
        assert.equal(r.status, 200, `${path} with key ${key}`);
      }
    }
  }
  // Twenty probes with keys later, the address's quota of two is whole, and so is the partner's.
  const anonymous = await getJson(url);
  assert.equal(anonymous.status, 200);
  assert.equal(anonymous.headers.get('ratelimit-remaining'), '1');
  const partner = await getJson(url, { headers: { 'X-API-Key': SMALL_KEY } });
  assert.equal(partner.status, 200);
  assert.equal(partner.headers.get('ratelimit-remaining'), '1');
});

test('X-Forwarded-For is ignored from an untrusted peer', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 1 });
  const url = `${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`;
  assert.equal((await getJson(url, { headers: { 'X-Forwarded-For': '203.0.113.1' } })).status, 200);
  assert.equal((await getJson(url, { headers: { 'X-Forwarded-For': '203.0.113.2' } })).status, 429, 'a forged header does not buy a new quota');
});

test('X-Forwarded-For from a trusted proxy attributes requests to the client behind it', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 1, trustedProxies: ['127.0.0.0/8'] });
  const url = `${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`;
  const from = (xff: string) => getJson(url, { headers: { 'X-Forwarded-For': xff } });
  assert.equal((await from('203.0.113.1')).status, 200);
  assert.equal((await from('203.0.113.1')).status, 429);
  assert.equal((await from('203.0.113.2')).status, 200);
  // The client cannot choose its address by prepending one: the rightmost untrusted hop counts.
  assert.equal((await from('198.51.100.7, 203.0.113.1')).status, 429);
  // IPv6 clients in the same /64 share a quota.
  assert.equal((await from('2001:db8:1:2::1')).status, 200);
  assert.equal((await from('2001:db8:1:2:ffff::9')).status, 429);
});
