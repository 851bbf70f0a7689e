import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AnswerBuffers } from '../../src/dispatch/answer-buffers.js';

test('each lease is a different buffer until all are leased; then none, counted as missed', () => {
  const b = new AnswerBuffers(3, 16);
  const leases = [b.lease(), b.lease(), b.lease()];
  assert.ok(leases.every((l) => l !== null));
  assert.equal(new Set(leases.map((l) => l!.index)).size, 3);
  assert.equal(b.lease(), null);
  assert.deepEqual(b.counters(), { leased: 3, missed: 1 });
  b.release(leases[1]!);
  const again = b.lease();
  assert.equal(again?.index, leases[1]!.index, 'the buffer just released is taken first');
  assert.deepEqual(b.counters(), { leased: 3, missed: 1 });
});

test('a view reads what was written into its buffer, and only its buffer', () => {
  const b = new AnswerBuffers(2, 8);
  const l0 = b.lease()!;
  const l1 = b.lease()!;
  const all = new Uint8Array(b.shared);
  all.set([1, 2, 3], l0.index * 8);
  all.set([7, 8], l1.index * 8);
  assert.deepEqual([...b.view(l0, 3)], [1, 2, 3]);
  assert.deepEqual([...b.view(l1, 2)], [7, 8]);
});

test('release is idempotent, and a stale lease never frees the buffer of a later job', () => {
  const b = new AnswerBuffers(1, 8);
  const first = b.lease()!;
  b.release(first);
  const second = b.lease()!;
  assert.equal(second.index, first.index);
  b.release(first); // late: must not free `second`'s buffer
  assert.equal(b.lease(), null, 'the buffer is still leased to the second job');
  b.release(second);
  b.release(second);
  assert.deepEqual(b.counters().leased, 0);
  assert.notEqual(b.lease(), null);
  assert.equal(b.lease(), null, 'released twice, it is still one buffer');
});

test('a view dropped without release gives its buffer back after garbage collection', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const b = new AnswerBuffers(1, 8);
  (() => {
    const l = b.lease()!;
    b.view(l, 4);
  })();
  assert.equal(b.counters().leased, 1);
  for (let i = 0; i < 20 && b.counters().leased > 0; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
  assert.equal(b.counters().leased, 0);
});
