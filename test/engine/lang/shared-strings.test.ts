// The threads' shared string table (src/engine/lang/shared-strings.ts): what
// is written is read back, by this thread and by others; what the ring has
// come round to, or a later key in the same slot, is a miss, never another
// key's value; long entries are dropped; and two threads writing and reading
// at once never read a torn or foreign value.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { SharedStrings, sharedStringsBytes } from '../../../src/engine/lang/shared-strings.js';
import { sharedResultsTable } from '../../../src/dispatch/pool.js';

test('a value written is read back, the latest under its key; other keys miss', () => {
  const t = new SharedStrings(SharedStrings.allocate(4096, 64));
  assert.equal(t.get('घर'), undefined);
  t.set('घर', 'c');
  t.set('पानि', 'mvowel\u001fstandard\u001fपानी');
  assert.equal(t.get('घर'), 'c');
  assert.equal(t.get('पानि'), 'mvowel\u001fstandard\u001fपानी');
  t.set('घर', 'u');
  assert.equal(t.get('घर'), 'u');
  assert.equal(t.get('घरहरू'), undefined);
  assert.equal(t.get(''), undefined);
  t.set('', '');
  assert.equal(t.get(''), '');
  const f = t.figures();
  // घर written twice: three keys held; the memory in use is the slots and the four entries.
  assert.deepEqual({ ...f, bytes: undefined }, { entries: 3, bytes: undefined, size: 4 * (4 + 64) + 2 * 4096, written: 4, dropped: 0, units: 4096 });
  // Each entry: key and value lengths and a two-unit check, then the key and the value.
  assert.equal(f.bytes, 4 * (4 + 64) + 2 * (4 + 2 + 1 + (4 + 4 + 20) + 4 + 2 + 1 + 4));
});

test('another view of the same memory sees the same entries', () => {
  const buffer = SharedStrings.allocate(1024, 16);
  assert.equal(buffer.byteLength, sharedStringsBytes(1024, 16));
  new SharedStrings(buffer).set('नेपाल', 'c');
  assert.equal(new SharedStrings(buffer).get('नेपाल'), 'c');
});

test('keys in one slot: the later one is kept, the earlier misses', () => {
  const t = new SharedStrings(SharedStrings.allocate(1024, 1));
  t.set('क', '1');
  t.set('ख', '2');
  assert.equal(t.get('क'), undefined);
  assert.equal(t.get('ख'), '2');
});

test('the ring comes round: old entries miss, recent ones are read, none is read wrong', () => {
  const t = new SharedStrings(SharedStrings.allocate(1024, 1024));
  const value = (i: number): string => `v${i}`.repeat(1 + (i % 2));
  for (let i = 0; i < 2000; i++) {
    t.set(`k${i}`, value(i));
    for (let j = Math.max(0, i - 40); j <= i; j++) {
      const got = t.get(`k${j}`);
      if (got !== undefined) assert.equal(got, value(j), `k${j} after writing k${i}`);
    }
    assert.equal(t.get(`k${i}`) ?? value(i), value(i));
  }
  // The oldest are gone (1,024 units hold about a hundred entries).
  assert.equal(t.get('k0'), undefined);
  assert.ok(t.figures().written > 0 && t.figures().dropped > 0, 'entries across the end are dropped');
});

test('an entry longer than a 64th of the ring is not written', () => {
  const t = new SharedStrings(SharedStrings.allocate(1024, 64));
  // A 64th of 1,024 units is 16: four units of head, the key's five, the value's seven.
  t.set('short', 'x'.repeat(7));
  assert.equal(t.get('short'), 'x'.repeat(7));
  t.set('long', 'x'.repeat(9));
  assert.equal(t.get('long'), undefined);
  assert.equal(t.figures().dropped, 1);
});

test('an entry written over after the cursor checks (a writer stopped between its reservation and its write) is a miss', () => {
  const slots = 64;
  const buffer = SharedStrings.allocate(1024, slots);
  const t = new SharedStrings(buffer);
  t.set('घर', 'mvowel');
  assert.equal(t.get('घर'), 'mvowel');
  // What a writer that reserved this room a lap earlier would do: write its own units over the value.
  const ring = new Uint16Array(buffer, 4 * (4 + slots), 1024);
  const at = ring.indexOf('v'.charCodeAt(0));
  ring[at] = 'x'.charCodeAt(0);
  assert.equal(t.get('घर'), undefined, 'the check no longer matches');
  t.set('घर', 'c');
  assert.equal(t.get('घर'), 'c');
});

test('sizes that are not powers of two are refused', () => {
  assert.throws(() => SharedStrings.allocate(1000, 64), RangeError);
  assert.throws(() => SharedStrings.allocate(1024, 48), RangeError);
  assert.throws(() => new SharedStrings(new SharedArrayBuffer(64)), RangeError);
});

test('three threads writing and reading at once never read a torn or foreign value, even when one is stopped mid-write while the ring comes round', async () => {
  // A small ring, so that entries are overwritten while others read them.
  const buffer = SharedStrings.allocate(4096, 256);
  const url = new URL('./shared-strings-worker.js', import.meta.url);
  const run = (seed: number) =>
    new Promise<{ hits: number; wrong: number }>((resolve, reject) => {
      const w = new Worker(url, { workerData: { buffer, seed, rounds: 200_000 } });
      w.once('message', resolve);
      w.once('error', reject);
    });
  // Three threads on a machine of two cores or fewer: the system stops one
  // between its reservation and its write while the others lap the small
  // ring (without the entries' check this read one foreign value in about
  // 400,000: five repeats of the three threads' 200,000 rounds found it).
  const results = [];
  for (let rep = 0; rep < 5; rep++) results.push(...(await Promise.all([run(1 + rep), run(2 + rep), run(3 + rep)])));
  for (const r of results) {
    assert.equal(r.wrong, 0, 'a value read is always the value written under that key');
    assert.ok(r.hits > 1000, `the threads read each other's entries (${r.hits} hits)`);
  }
});

test('positions wrap at 2^32: entries written across the wrap are read back, and the ring still comes round', () => {
  const buffer = SharedStrings.allocate(1024, 1024);
  // The cursor (the header's first word) a little before 2^32.
  new Uint32Array(buffer, 0, 1)[0] = 2 ** 32 - 100;
  const t = new SharedStrings(buffer);
  for (let i = 0; i < 400; i++) {
    t.set(`k${i}`, `v${i}`);
    assert.equal(t.get(`k${i}`) ?? `v${i}`, `v${i}`);
    if (i > 0) assert.equal(t.get(`k${i - 1}`) ?? `v${i - 1}`, `v${i - 1}`);
  }
  assert.ok(new Uint32Array(buffer, 0, 1)[0]! < 10_000, 'the cursor wrapped');
  assert.equal(t.get('k399'), 'v399');
  assert.equal(t.get('k0'), undefined, 'overwritten since');
});

test("the threads' table is a 16th of a thread's cache budget, at most 32 MiB of ring; none without caches", () => {
  const size = (mb: number) => new SharedStrings(sharedResultsTable(mb * 2 ** 20)!).figures().units;
  assert.equal(size(32), 2 ** 20);
  assert.equal(size(65_536), 2 ** 24);
  assert.equal(sharedResultsTable(0), null);
  // A key or value over 65,535 units (its length's one unit) is dropped, whatever the ring's size.
  const t = new SharedStrings(SharedStrings.allocate(2 ** 24, 16));
  t.set('k', 'x'.repeat(70_000));
  assert.equal(t.get('k'), undefined);
});
