// Shutdown under load, rate-limit exactness under concurrency, and data
// safety (an interrupted build, a corrupt Bloom filter), on the real data.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { BLOOM_FILE, STORE_DIR } from '../../src/store/lmdb-layout.js';
import { BUILD_DIR, DATA_DIR, SKIP_WITHOUT_DATA } from './real-data.js';
import { restampedServices } from './restamped-build.js';
import { buildRequest } from './raw-http.js';
import { startTestService } from './service.js';
import { strictExchange } from '../http/chunked.js';

const MAIN = resolve('dist/src/main.js');
const CLI = resolve('dist/src/build/cli.js');

function startProcess(env: Record<string, string>): Promise<{ url: string; child: ReturnType<typeof spawn> }> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_DAY: '0', DATA_DIR, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /"url":"([^"]+)"/.exec(out);
      if (m) res({ url: m[1]!, child });
    });
    child.once('exit', (code) => rej(new Error(`exited ${code}: ${out}`)));
  });
}

test('SIGTERM under load: in-flight requests complete and the process exits 0', { skip: SKIP_WITHOUT_DATA, timeout: 180_000 }, async () => {
  const { url, child } = await startProcess({ WORKERS: '2' });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const body = JSON.stringify({ text: 'म घर जान्छु। हाम्रो देश नेपाल हो। '.repeat(30) });
  let finish: (r: autocannon.Result) => void = () => {};
  const load = new Promise<autocannon.Result>((r) => (finish = r));
  // The load runs until the process has exited (the duration only bounds a hung test).
  const instance = autocannon(
    { url: `${url}/api/v1/spellcheck/text`, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections: 20, duration: 120 },
    (_err, res) => finish(res),
  );
  const statuses: number[] = [];
  let served!: () => void;
  const firstServed = new Promise<void>((r) => (served = r));
  instance.on('response', (_c: unknown, status: number) => {
    statuses.push(status);
    if (status === 200 && statuses.filter((s) => s === 200).length === 20) served();
  });
  // The signal comes under load: once 20 requests have been answered.
  await firstServed;
  child.kill('SIGTERM');
  const code = await exited;
  instance.stop();
  const result = await load;
  assert.equal(code, 0);
  assert.ok(statuses.filter((s) => s === 200).length > 0, 'requests were served before the signal');
  assert.equal(statuses.filter((s) => s >= 500 && s !== 503).length, 0, `5xx answers: ${JSON.stringify(statuses.filter((s) => s >= 500))}`);
  assert.ok(result.requests.total > 0);
});

test(
  'the log reader gone (stdout and stderr closed): requests are still answered and SIGTERM still ends the process',
  { skip: SKIP_WITHOUT_DATA, timeout: 90_000 },
  async (t) => {
    const { url, child } = await startProcess({ WORKERS: '1', LOG_REQUESTS: 'true' });
    // A process caught in the loop this test is about would ignore SIGTERM.
    t.after(() => child.kill('SIGKILL'));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // No one reads the pipes any more: each later log line fails with EPIPE.
    child.stdout!.destroy();
    child.stderr!.destroy();
    for (const path of ['/api/v1/dictionary/suggest?q=%E0%A4%98', '/api/v1/health', '/no/such/path']) {
      const r = await fetch(url + path);
      await r.arrayBuffer();
      assert.ok(r.status < 500, `${path}: ${r.status}`);
    }
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  },
);

test('rate limit: 100 concurrent clients from one address get exactly 30 answers, the rest 429', { skip: SKIP_WITHOUT_DATA, timeout: 30_000 }, async (t) => {
  const svc = await startTestService({ rateLimitPerMinute: 30, rateLimitPerDay: 1000 });
  t.after(() => svc.close());
  const responses = await Promise.all(
    Array.from({ length: 100 }, () =>
      fetch(`${svc.base}/api/v1/dictionary/suggest?q=${encodeURIComponent('घ')}`).then(async (r) => ({
        status: r.status,
        headers: r.headers,
        body: (await r.json()) as Record<string, unknown>,
      })),
    ),
  );
  const ok = responses.filter((r) => r.status === 200);
  const limited = responses.filter((r) => r.status === 429);
  assert.equal(ok.length, 30);
  assert.equal(limited.length, 70);
  for (const r of limited) {
    const e = r.body.error as { code: string; retry_after: number };
    assert.equal(e.code, 'RATE_LIMIT_EXCEEDED');
    assert.ok(Number.isInteger(e.retry_after) && e.retry_after >= 1 && e.retry_after <= 60, `retry_after ${e.retry_after}`);
    assert.equal(r.headers.get('retry-after'), String(e.retry_after));
  }
});

test('an interrupted build leaves the previous data serving', { skip: SKIP_WITHOUT_DATA, timeout: 120_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-interrupt-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // A data dir whose current build is the real one, sharing the package cache.
  symlinkSync(resolve(BUILD_DIR), join(dir, 'current'));
  symlinkSync(resolve(DATA_DIR, 'cache'), join(dir, 'cache'));
  const before = readlinkSync(join(dir, 'current'));
  const build = spawn(process.execPath, [CLI, '--data-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Kill it once it is busy importing (halfway), before it can swap.
  await new Promise<void>((res) => {
    let out = '';
    build.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/hunspell:|mythes:|records/.test(out)) res();
    });
    build.once('exit', () => res());
  });
  build.kill('SIGKILL');
  await new Promise((r) => build.once('exit', r));
  assert.equal(readlinkSync(join(dir, 'current')), before, 'current still points at the previous build');
  const svc = await startTestService({ dataDir: dir });
  t.after(() => svc.close());
  const r = await fetch(`${svc.base}/api/v1/dictionary/word?q=${encodeURIComponent('घर')}`);
  assert.equal(r.status, 200);
});

test('a corrupt Bloom filter: health degraded, answers unchanged', { skip: SKIP_WITHOUT_DATA, timeout: 60_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-bloom-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  symlinkSync(resolve(BUILD_DIR, STORE_DIR), join(dir, STORE_DIR));
  const bloom = readFileSync(join(BUILD_DIR, BLOOM_FILE));
  bloom[bloom.length - 100] = bloom[bloom.length - 100]! ^ 0x5a;
  writeFileSync(join(dir, BLOOM_FILE), bloom);
  const good = await startTestService();
  t.after(() => good.close());
  const bad = await startTestService({ dataDir: dir });
  t.after(() => bad.close());
  const h = (await (await fetch(`${bad.base}/api/v1/health`)).json()) as { status: string; cache: { bloom_filter: boolean }; issues: string[] };
  assert.equal(h.status, 'degraded');
  assert.equal(h.cache.bloom_filter, false);
  assert.match(h.issues.join(' '), /Bloom/);
  assert.doesNotMatch(h.issues.join(' '), /\//, 'health names no server path');
  const text = JSON.stringify({ text: 'नेपालि भाषा मेरो मातृभाषा हो। सहर मा धेरै मानिस बस्छन्।' });
  const ask = async (base: string): Promise<unknown> =>
    (await fetch(`${base}/api/v1/spellcheck/text`, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } })).json();
  assert.deepEqual(await ask(bad.base), await ask(good.base));
});

test(
  'a Bloom filter that cannot be read (a folder in its place): health says why without a path or system message',
  { skip: SKIP_WITHOUT_DATA, timeout: 60_000 },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'nls-bloom-dir-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    symlinkSync(resolve(BUILD_DIR, STORE_DIR), join(dir, STORE_DIR));
    mkdirSync(join(dir, BLOOM_FILE));
    const svc = await startTestService({ dataDir: dir });
    t.after(() => svc.close());
    const h = (await (await fetch(`${svc.base}/api/v1/health`)).json()) as { status: string; issues: string[] };
    assert.equal(h.status, 'degraded');
    assert.deepEqual(
      h.issues.filter((i) => /Bloom/.test(i)),
      ['Bloom filter not loaded (file cannot be read: EISDIR); spellcheck answers from LMDB alone and is slower'],
    );
  },
);

test('spellcheck verdicts from other engine code: health degraded, answers unchanged', { skip: SKIP_WITHOUT_DATA, timeout: 90_000 }, async (t) => {
  // A copy of the real build whose metadata says another engine computed its verdicts.
  const { stale, health, good } = await restampedServices(t, (meta) => {
    assert.ok(meta.verdicts && meta.verdicts.words > 0);
    return { ...meta, verdicts: { ...meta.verdicts, engine: '0000000000000000' } };
  });
  assert.equal(health.status, 'degraded');
  assert.match(health.issues.join(' '), /verdicts/);
  // news-list words (a misspelling, names, real text's own spelling) and ordinary ones, answered alike
  const text = JSON.stringify({ text: 'केहि शरिर ट्रम्प ओबामा बिन्दु वडा साउदी नेपालि भाषा मेरो मातृभाषा हो।' });
  const ask = async (base: string): Promise<unknown> =>
    (await fetch(`${base}/api/v1/spellcheck/text`, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } })).json();
  assert.deepEqual(await ask(stale.base), await ask(good.base));
});

test(
  'SIGTERM during document and batch streams: every stream ends with valid chunked framing and all its lines',
  { skip: SKIP_WITHOUT_DATA, timeout: 180_000 },
  async () => {
    // Every stream admitted, however slow the machine: the test is of the drain, not of overload.
    const { url, child } = await startProcess({ WORKERS: '2', QUEUE_MAX_WAIT_MS: '600000' });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const port = Number(new URL(url).port);
    // Real sentences (the vendored prompts), enough for many pieces and batch jobs.
    const sentences = readFileSync('data/google-language-resources-ne/prompts.tsv', 'utf8')
      .split('\n')
      .map((l) => l.split('\t')[1])
      .filter((s): s is string => Boolean(s));
    const doc = (k: number) => sentences.slice(k * 300, k * 300 + 300).join('। ') + '।';
    const requests = [0, 1, 2].flatMap((k) => [
      buildRequest('POST', '/api/v1/spellcheck/document', { body: doc(k), contentType: 'text/plain; charset=utf-8', keepAlive: true }),
      buildRequest('POST', '/api/v1/romanization/batch', {
        body: JSON.stringify({ items: sentences.slice(k * 200, k * 200 + 200).map((s, i) => ({ id: i, text: romanizedWords(s) })) }),
        keepAlive: true,
      }),
    ]);
    let started = 0;
    let allStarted!: () => void;
    const streaming = new Promise<void>((r) => (allStarted = r));
    const answers = requests.map((req) => {
      let seen = false;
      return strictExchange(port, req, (soFar) => {
        if (!seen && soFar.subarray(0, 12).toString() === 'HTTP/1.1 200' && soFar.includes('\n{')) {
          seen = true;
          if (++started === requests.length) allStarted();
        }
      });
    });
    await streaming;
    child.kill('SIGTERM');
    const results = await Promise.all(answers);
    assert.equal(await exited, 0);
    for (const [i, r] of results.entries()) {
      assert.equal(r.status, 200);
      const lines = r.body
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      if (i % 2 === 0) {
        const totals = lines.at(-1).totals;
        assert.ok(totals, 'a document ends with its totals');
        assert.equal(totals.failed, 0);
        assert.equal(lines.length, totals.pieces + 1);
      } else {
        assert.equal(lines.length, 200, 'a batch answers every item');
        assert.ok(
          lines.every((l) => l.result),
          'every item answered',
        );
      }
    }
  },
);

/** A sentence's words in a plain romanization the resolver reads (the test only needs romanized input of real length). */
function romanizedWords(sentence: string): string {
  return sentence
    .split(/\s+/)
    .map((w) => (w.length % 3 === 0 ? 'ghar' : w.length % 3 === 1 ? 'mero' : 'nepal'))
    .join(' ');
}
