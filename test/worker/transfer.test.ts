// The spare buffers a thread keeps (worker/transfer.ts): what is kept, which
// is taken, and answers written into them byte for byte as TextEncoder
// writes them, whatever the spare's size.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { movableBytes, movableUtf8, SPARE_BUFFERS, SPARE_MAX_BYTES, SPARE_MIN_BYTES, SpareBuffers, spareSize } from '../../src/worker/transfer.js';

test('only buffers of a spare size are kept, at most SPARE_BUFFERS of them', () => {
  const spares = new SpareBuffers();
  spares.give(new ArrayBuffer(SPARE_MIN_BYTES - 1));
  spares.give(new ArrayBuffer(SPARE_MAX_BYTES + 1));
  const detached = new ArrayBuffer(SPARE_MIN_BYTES);
  structuredClone(detached, { transfer: [detached] });
  spares.give(detached);
  assert.equal(spares.size, 0, 'too small, too large and detached buffers are not kept');
  for (let i = 0; i < SPARE_BUFFERS + 3; i++) spares.give(new ArrayBuffer(SPARE_MIN_BYTES));
  assert.equal(spares.size, SPARE_BUFFERS);
});

test('take gives the smallest buffer that holds the bytes asked, takeLargest the largest', () => {
  const spares = new SpareBuffers();
  for (const kb of [64, 16, 256, 32]) spares.give(new ArrayBuffer(kb * 1024));
  assert.equal(spares.take(20_000)?.byteLength, 32 * 1024);
  assert.equal(spares.take(300 * 1024), null, 'none holds it');
  assert.equal(spares.takeLargest()?.byteLength, 256 * 1024);
  assert.equal(spares.take()?.byteLength, 16 * 1024);
  assert.equal(spares.size, 1);
});

test('spareSize rounds up to a power of two, SPARE_MIN_BYTES at least', () => {
  assert.equal(spareSize(1), SPARE_MIN_BYTES);
  assert.equal(spareSize(53_012), 65_536);
  assert.equal(spareSize(65_536), 65_536);
});

test('movableUtf8 writes what TextEncoder writes: into a spare that holds it, past one that does not, or into a new buffer', () => {
  const enc = new TextEncoder();
  // Devanagari (3 bytes a unit) with characters outside the BMP (a surrogate pair, 4 bytes) all along, so a spare ends inside one.
  const text = Array.from({ length: 12_000 }, (_, i) => (i % 7 === 0 ? '😀' : i % 3 === 0 ? 'a' : 'न')).join('');
  const expected = enc.encode(text);
  assert.ok(expected.length > SPARE_MIN_BYTES);

  const none = new SpareBuffers();
  assert.deepEqual(movableUtf8(none, text), expected, 'no spare');

  for (const size of [SPARE_MIN_BYTES, SPARE_MIN_BYTES + 1, SPARE_MIN_BYTES + 2, SPARE_MIN_BYTES + 3]) {
    const small = new SpareBuffers();
    const spare = new ArrayBuffer(size);
    small.give(spare);
    const out = movableUtf8(small, text);
    assert.deepEqual(out, expected, `a spare of ${size} bytes, too small`);
    assert.notEqual(out.buffer, spare);
    assert.equal(small.take(), spare, 'the spare too small is kept');
  }

  const big = new SpareBuffers();
  const spare = new ArrayBuffer(spareSize(expected.length));
  big.give(spare);
  const out = movableUtf8(big, text);
  assert.deepEqual(out, expected, 'a spare that holds it');
  assert.equal(out.buffer, spare, 'written into the spare itself');
  assert.equal(big.size, 0);
});

test('movableBytes copies into a spare that holds the bytes, else into a new buffer', () => {
  const bytes = new Uint8Array(20_000).map((_, i) => i % 251);
  const spares = new SpareBuffers();
  spares.give(new ArrayBuffer(SPARE_MIN_BYTES));
  const fresh = movableBytes(spares, bytes);
  assert.deepEqual(fresh, bytes);
  assert.equal(fresh.buffer.byteLength, spareSize(bytes.length));
  assert.equal(spares.size, 1, 'the spare too small stays');
  const spare = new ArrayBuffer(SPARE_MIN_BYTES * 2);
  spares.give(spare);
  const out = movableBytes(spares, bytes);
  assert.equal(out.buffer, spare);
  assert.deepEqual(out, bytes);
});
