// normalizeWord (src/engine/lang/normalize.ts): its fast path for settled
// Devanagari returns what the full normalization would, for every pair and
// for random runs of the block's characters (nukta, accents, halanta and
// the invisibles included), so keys built and looked up always agree.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INVISIBLES, normalizeWord } from '../../../src/engine/lang/normalize.js';
import { prng } from '../../integration/random.js';

/** The normalization without the fast path (the visarga colon is outside the block, and not tested here). */
const full = (w: string): string => w.normalize('NFC').replace(INVISIBLES, '');

test('every pair of characters of the Devanagari block, and a few around it: the same as NFC without invisibles', () => {
  const chars: string[] = [];
  for (let c = 0x0900; c <= 0x097f; c++) chars.push(String.fromCharCode(c));
  chars.push('\u200c', '\u200d', '\ufeff', 'a');
  for (const a of chars)
    for (const b of chars) assert.equal(normalizeWord(a + b), full(a + b), `U+${a.charCodeAt(0).toString(16)} U+${b.charCodeAt(0).toString(16)}`);
});

test('random words of the block with nukta, halanta and accents: the same as NFC', () => {
  const marks = ['\u093c', '\u094d', '\u0951', '\u0952', 'क', 'ि', 'ं', 'ड', '\u095c', 'ऩ', 'न'];
  const rand = prng(11);
  for (let i = 0; i < 20_000; i++) {
    let w = '';
    for (let n = 1 + (i % 6); n > 0; n--) w += marks[Math.floor(rand() * marks.length)];
    assert.equal(normalizeWord(w), full(w), JSON.stringify(w));
  }
  // Settled words come back as they are.
  assert.equal(normalizeWord('नेपाल'), 'नेपाल');
  assert.equal(normalizeWord('क\u093c'), 'क\u093c'.normalize('NFC'));
});
