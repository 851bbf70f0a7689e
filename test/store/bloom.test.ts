import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  beginningsFilter,
  beginningsOf,
  BloomError,
  BloomFilter,
  bloomParameters,
  feedLaneA,
  feedLaneB,
  LANE_A_START,
  LANE_B_START,
} from '../../src/store/bloom.js';

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

test('hasJoined answers as has of the joined string, for either hashing', () => {
  const { m, k } = bloomParameters(3000, 0.001);
  for (const f of [BloomFilter.create(3000, 0.001), new BloomFilter(new Uint8Array(Math.ceil(m / 8)), m, k, 0, 1)]) {
    const words = Array.from({ length: 3000 }, (_, i) => `घर${i}मा`);
    for (const w of words) f.add(w);
    for (const w of words) {
      for (let i = 0; i <= w.length; i++) {
        for (let j = i; j <= w.length; j++) {
          assert.equal(f.hasJoined(w.slice(0, i), w.slice(i, j), w.slice(j)), true, w);
          assert.equal(f.hasJoined(w.slice(0, i), 'क', w.slice(j)), f.has(w.slice(0, i) + 'क' + w.slice(j)));
        }
      }
    }
    assert.equal(f.hasJoined('घर1', 'मा'), true);
  }
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

test('a filter of an older build (NPBLOOM1: xxh64 of the UTF-8 bytes) still loads and answers', () => {
  const { m, k } = bloomParameters(2000, 0.001);
  const old = new BloomFilter(new Uint8Array(Math.ceil(m / 8)), m, k, 0, 1);
  const words = Array.from({ length: 2000 }, (_, i) => `शब्द${i}`);
  for (const w of words) old.add(w);
  const bytes = old.serialize();
  assert.equal(new TextDecoder().decode(bytes.subarray(0, 8)), 'NPBLOOM1');
  const parsed = BloomFilter.parse(bytes, true);
  assert.equal(parsed.hashing, 1);
  const viewed = BloomFilter.fromShared(parsed.share());
  for (const w of words) assert.ok(parsed.has(w) && viewed.has(w), w);
  // the current hashing sets other bits: a filter is read with its own
  const current = BloomFilter.create(2000, 0.001);
  for (const w of words) current.add(w);
  assert.equal(current.hashing, 2);
  assert.equal(new TextDecoder().decode(current.serialize().subarray(0, 8)), 'NPBLOOM2');
  assert.notDeepEqual(current.bits, old.bits);
});

test('a corrupt or truncated file is refused with a reason', () => {
  const f = BloomFilter.create(100, 0.001);
  f.add('घर');
  const bytes = f.serialize();
  const flipped = bytes.slice();
  flipped[40] = flipped[40]! ^ 0xff;
  assert.throws(
    () => BloomFilter.parse(flipped),
    (e: unknown) => e instanceof BloomError && /checksum/.test((e as Error).message),
  );
  assert.throws(() => BloomFilter.parse(bytes.subarray(0, bytes.length - 1)), BloomError);
  assert.throws(() => BloomFilter.parse(bytes.subarray(0, 10)), BloomError);
  const magic = bytes.slice();
  magic[0] = 0;
  assert.throws(() => BloomFilter.parse(magic), /magic/);
  assert.throws(() => BloomFilter.parse(new Uint8Array(bytes)).share(), /shared/);
});

/** The lanes of a string, as a search building it piece by piece carries them. */
function lanes(s: string): [number, number, number] {
  let a = LANE_A_START;
  let b = LANE_B_START;
  for (let i = 0; i < s.length; i++) {
    a = feedLaneA(a, s.charCodeAt(i));
    b = feedLaneB(b, s.charCodeAt(i));
  }
  return [a, b, s.length];
}

test("beginnings: every beginning of every word is a maybe, few other strings are, and the words' own answers stay", () => {
  const words = Array.from({ length: 3000 }, (_, i) => `घर${i}मा`);
  const f = beginningsFilter(words);
  for (const w of words) for (let i = 1; i <= w.length; i++) assert.ok(f.mayBegin(...lanes(w.slice(0, i))), w.slice(0, i));
  let fp = 0;
  for (let i = 0; i < 20000; i++) if (f.mayBegin(...lanes(`पानी${i}`))) fp++;
  assert.ok(fp / 20000 < 0.03, `false-positive rate ${fp / 20000}`);
  // hashed apart from the words: a word of the filter is no beginning of it unless added as one
  const both = BloomFilter.create(6000, 0.001);
  for (const w of words.slice(0, 1000)) both.add(w);
  for (const b of beginningsOf(words.slice(1000, 2000))) both.addBeginning(b);
  for (const w of words.slice(0, 1000)) assert.ok(both.has(w));
  let crossed = 0;
  for (const w of words.slice(0, 1000)) if (both.mayBegin(...lanes(w))) crossed++;
  assert.ok(crossed < 30, `${crossed} words read as beginnings`);
  assert.deepEqual([...beginningsOf(['घर', 'घरमा'])], ['घ', 'घर', 'घरम', 'घरमा']);
  // an NPBLOOM1 filter holds no beginnings: every spelling may begin a form
  const { m, k } = bloomParameters(10, 0.001);
  assert.ok(new BloomFilter(new Uint8Array(Math.ceil(m / 8)), m, k, 0, 1).mayBegin(...lanes('क्ष')));
});
