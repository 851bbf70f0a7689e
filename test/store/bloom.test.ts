import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BloomError, BloomFilter, bloomParameters } from '../../src/store/bloom.js';

test('bloomParameters gives about 14.4 bits and 10 hashes per item at 0.1%', () => {
  const { m, k } = bloomParameters(1000, 0.001);
  assert.ok(m >= 14_300 && m <= 14_500, `m=${m}`);
  assert.equal(k, 10);
});

test('a filter has every added word and few others', () => {
  const f = BloomFilter.create(5000, 0.001);
  const words = Array.from({ length: 5000 }, (_, i) => `शब्द${i}`);
  for (const w of words) f.add(w);
  for (const w of words) assert.ok(f.has(w), w);
  let fp = 0;
  for (let i = 0; i < 20000; i++) if (f.has(`अरू${i}`)) fp++;
  assert.ok(fp / 20000 < 0.005, `false-positive rate ${fp / 20000}`);
  assert.equal(f.items, 5000);
});

test('serialize/parse round-trips, into shared memory too', () => {
  const f = BloomFilter.create(100, 0.001);
  f.add('घर');
  const bytes = f.serialize();
  const g = BloomFilter.parse(bytes, true);
  assert.ok(g.has('घर'));
  assert.equal(g.checksum(), f.checksum());
  const h = BloomFilter.fromShared(g.share());
  assert.ok(h.has('घर'));
  assert.equal(h.m, f.m);
  assert.equal(h.k, f.k);
});

test('a corrupt or truncated file is refused with a reason', () => {
  const f = BloomFilter.create(100, 0.001);
  f.add('घर');
  const bytes = f.serialize();
  const flipped = bytes.slice();
  flipped[40] = flipped[40]! ^ 0xff;
  assert.throws(() => BloomFilter.parse(flipped), (e: unknown) => e instanceof BloomError && /checksum/.test((e as Error).message));
  assert.throws(() => BloomFilter.parse(bytes.subarray(0, bytes.length - 1)), BloomError);
  assert.throws(() => BloomFilter.parse(bytes.subarray(0, 10)), BloomError);
  const magic = bytes.slice();
  magic[0] = 0;
  assert.throws(() => BloomFilter.parse(magic), /magic/);
  assert.throws(() => BloomFilter.parse(new Uint8Array(bytes)).share(), /shared/);
});
