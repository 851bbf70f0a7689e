// A damaged data file never kills the service with a signal: at start-up the
// checksum refuses it with a message naming the file and what is wrong; a
// file damaged while the service runs turns /up 503 and health degraded,
// and the requests that hit a damaged page answer 500 with the usual body.
// Every service here runs in a child process, so a death by signal would be
// seen (exit code null, signal set) instead of taking the test runner down.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BLOOM_FILE, STORE_DIR } from '../../src/store/lmdb-layout.js';
import { CHECKSUM_FILE, DATA_FILE } from '../../src/store/store-checksum.js';
import { prng, syllableTexts } from './random.js';
import { BUILD_DIR, SKIP_WITHOUT_DATA } from './real-data.js';
import { waitFor } from '../wait.js';

const MAIN = resolve('dist/src/main.js');

/** A build folder with a copy of the real store (and its checksum) and the real Bloom filter. */
function copyBuild(t: { after(fn: () => void): void }): { dir: string; data: string } {
  const dir = mkdtempSync(join(tmpdir(), 'nls-damaged-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, STORE_DIR));
  copyFileSync(join(BUILD_DIR, STORE_DIR, DATA_FILE), join(dir, STORE_DIR, DATA_FILE));
  copyFileSync(join(BUILD_DIR, STORE_DIR, CHECKSUM_FILE), join(dir, STORE_DIR, CHECKSUM_FILE));
  symlinkSync(resolve(BUILD_DIR, BLOOM_FILE), join(dir, BLOOM_FILE));
  return { dir, data: join(dir, STORE_DIR, DATA_FILE) };
}

/** Flips `count` bytes past the two meta pages, in place. */
function flipBytes(path: string, count: number, seed: number): void {
  const rand = prng(seed);
  const fd = openSync(path, 'r+');
  try {
    const size = fstatSync(fd).size;
    const b = Buffer.alloc(1);
    for (let i = 0; i < count; i++) {
      const pos = 8192 + Math.floor(rand() * (size - 8192));
      readSync(fd, b, 0, 1, pos);
      b[0] = b[0]! ^ 0xff;
      writeSync(fd, b, 0, 1, pos);
    }
  } finally {
    closeSync(fd);
  }
}

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startService(dataDir: string): Run {
  const child = spawn(process.execPath, [MAIN], {
    // A read of damaged data can also loop (a length field flipped): the task timeout ends such a job.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WORKERS: '2',
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PER_DAY: '0',
      TASK_TIMEOUT_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((r) => child.on('exit', (code, signal) => r({ code, signal }))),
  };
  child.stdout!.on('data', (c: Buffer) => (run.stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (run.stderr += c.toString()));
  return run;
}

async function refusedAtStart(dataDir: string, expect: RegExp): Promise<void> {
  const run = startService(dataDir);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 60_000);
  const { code, signal } = await run.exited;
  clearTimeout(timer);
  assert.equal(signal, null, `died of a signal; stderr: ${run.stderr}`);
  assert.equal(code, 1, `exit code; stderr: ${run.stderr}`);
  assert.match(run.stderr, /data\.mdb/, 'the message names the file');
  assert.match(run.stderr, expect);
  assert.doesNotMatch(run.stdout, /listening/);
}

test('a zero-byte data file is refused at start-up with a message, not a SIGSEGV', { skip: SKIP_WITHOUT_DATA, timeout: 90_000 }, async (t) => {
  const { dir, data } = copyBuild(t);
  writeFileSync(data, '');
  await refusedAtStart(dir, /is empty/);
});

test('a truncated data file is refused at start-up with a message, not a SIGBUS', { skip: SKIP_WITHOUT_DATA, timeout: 90_000 }, async (t) => {
  const { dir, data } = copyBuild(t);
  truncateSync(data, Math.floor(statSync(data).size / 2));
  await refusedAtStart(dir, /is truncated/);
});

test('a scrambled data file (its first megabyte random) is refused at start-up', { skip: SKIP_WITHOUT_DATA, timeout: 90_000 }, async (t) => {
  const { dir, data } = copyBuild(t);
  const rand = prng(3);
  const fd = openSync(data, 'r+');
  writeSync(fd, Buffer.from(Array.from({ length: 1 << 20 }, () => Math.floor(rand() * 256))), 0, 1 << 20, 0);
  closeSync(fd);
  await refusedAtStart(dir, /is damaged/);
});

test('5,000 flipped bytes are refused at start-up', { skip: SKIP_WITHOUT_DATA, timeout: 90_000 }, async (t) => {
  const { dir, data } = copyBuild(t);
  flipBytes(data, 5000, 5);
  await refusedAtStart(dir, /is damaged/);
});

test('a build without its checksum is refused at start-up', { skip: SKIP_WITHOUT_DATA, timeout: 90_000 }, async (t) => {
  const { dir } = copyBuild(t);
  rmSync(join(dir, STORE_DIR, CHECKSUM_FILE));
  const run = startService(dir);
  const { code, signal } = await run.exited;
  assert.equal(signal, null);
  assert.equal(code, 1);
  assert.match(run.stderr, /CHECKSUM\.json: missing/);
});

test(
  'a data file damaged while serving: 500s with the usual body, /up 503, health degraded, and the process lives',
  { skip: SKIP_WITHOUT_DATA, timeout: 120_000 },
  async (t) => {
    const { dir, data } = copyBuild(t);
    const run = startService(dir);
    t.after(() => run.child.kill('SIGKILL'));
    const base = await waitFor(`the service to start (stderr so far: ${run.stderr})`, () => /"url":"(http:\/\/[^"]+)"/.exec(run.stdout)?.[1]);
    assert.equal((await fetch(`${base}/up`)).status, 200);
    flipBytes(data, 50_000, 9);
    // Texts of random syllables read many pages of every index.
    const texts = syllableTexts(100, 500, 21);
    const statuses = new Map<number, number>();
    for (let i = 0; i < texts.length && !statuses.has(500); i++) {
      const text = texts[i]!;
      const r = await fetch(`${base}/api/v1/spellcheck/text`, {
        method: 'POST',
        body: JSON.stringify({ text }),
        headers: { 'content-type': 'application/json' },
      });
      const body = (await r.json()) as unknown;
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status === 500) assert.deepEqual(body, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
      else assert.equal(r.status, 200);
    }
    t.diagnostic(`statuses after the damage: ${JSON.stringify(Object.fromEntries(statuses))}`);
    assert.ok(statuses.has(500), 'a damaged page was read');
    const up = await fetch(`${base}/up`);
    assert.equal(up.status, 503);
    assert.deepEqual(await up.json(), { status: 'error' });
    const h = (await (await fetch(`${base}/api/v1/health`)).json()) as { status: string; issues: string[] };
    assert.equal(h.status, 'degraded');
    assert.match(h.issues.join(' '), /word store failed \d+ reads/);
    assert.doesNotMatch(h.issues.join(' '), /\//, 'no path in health');
    assert.match(run.stderr, /\[store\] read error/);
    assert.equal(run.child.exitCode, null, 'still running');
    assert.equal(run.child.signalCode, null);
    run.child.kill('SIGTERM');
    const { code, signal } = await run.exited;
    assert.equal(signal, null);
    assert.equal(code, 0, 'stops cleanly on SIGTERM');
  },
);
