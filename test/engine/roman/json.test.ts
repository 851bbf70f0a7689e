import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRecords } from '../../../src/build/records.js';
import { Romanizer } from '../../../src/engine/roman/romanizer.js';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import type { RomanizationResult } from '../../../src/engine/results.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { romanLexicon } from '../../fixtures/roman/lexicon.js';

const store = new MemoryStore(buildRecords(romanLexicon()));
const roman = new Romanizer(store, new Spellchecker(store));
const encoder = new TextEncoder();

function assertSameBytes(r: RomanizationResult): void {
  const expected = encoder.encode(JSON.stringify(r));
  const got = roman.json(r);
  assert.equal(new TextDecoder().decode(got), new TextDecoder().decode(expected));
  assert.deepEqual(Buffer.from(got), Buffer.from(expected));
  // A buffer of its own, exactly the answer (it is moved between threads).
  assert.equal(got.byteOffset, 0);
  assert.equal(got.buffer.byteLength, got.length);
}

const TEXTS = [
  '  mero   naam,  Ram ho!\n',
  'ma ghar ma chu. ghar bata aaye. Ghar GHAR ghar',
  'tapai kasto hunuhuncha? "din" din din\tkitab\\ xqzv xqzv 123 https://example.com/a?b=c a@b.np',
  'office ma jaanchu, the meeting is at 10 — गाउँ gaun 🙂 \u2028 end',
  '',
  '   ',
];

test('roman.json gives the bytes of JSON.stringify for texts, every max_candidates, twice (cached)', () => {
  for (let round = 0; round < 2; round++) {
    for (const text of TEXTS) {
      for (let max = 1; max <= 10; max++) assertSameBytes(roman.resolveText(text, max));
    }
  }
});

test('roman.json gives the bytes of JSON.stringify for the tokens form (null offsets and text)', () => {
  for (let round = 0; round < 2; round++) {
    for (const max of [1, 2, 5, 10]) {
      assertSameBytes(roman.resolveTokens(['mero', 'naam', ' ghar ', 'ma', 'Ghar', 'xqzv', '', 'din', 'a b'], max));
      assertSameBytes(roman.resolveTokens([], max));
    }
  }
});

test('a token typed differently with the same candidate list gets its own text (Ghar after ghar)', () => {
  const a = roman.resolveText('ghar ma', 5);
  const b = roman.resolveText('Ghar ma', 5);
  assertSameBytes(a);
  assertSameBytes(b);
  assertSameBytes(a);
});

test('hand-made results: unusual offsets, escapes and keys serialize like JSON.stringify', () => {
  const cands = [{ word: 'घर', alias: 'ghar', weight: 85.5, definition_rank: 3, dictionaries: ['a', 'b'], kinds: ['casual'] }];
  const r: RomanizationResult = {
    text: 'x"\u0000y\ud800',
    converted_text: 'z\n',
    tokens: [
      { token: 'q"\\', converted: 'q"\\', status: 'unresolved', start: 0, end: 1234567, candidates: [] },
      { token: 'ghar', converted: 'घर', status: 'resolved', start: 10, end: 99, candidates: cands },
      { token: 'ghar', converted: 'घर', status: 'resolved', start: null, end: null, candidates: cands },
      { token: 'GHAR', converted: 'घर', status: 'resolved', start: 1e21, end: 0.5, candidates: cands },
    ],
  };
  assertSameBytes(r);
  assertSameBytes(r);
});
