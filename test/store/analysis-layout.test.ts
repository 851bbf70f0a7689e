import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frozenTables, packAnalysis, unpackAnalysis, type AnalysisTables } from '../../src/store/lmdb-layout.js';
import type { StoredAnalysis } from '../../src/store/types.js';

const ghar: StoredAnalysis = {
  flags: 0b101,
  ranked: 2,
  candidates: [
    {
      word: 'घर',
      alias: 'ghar',
      weight: 100,
      definition_rank: 2,
      dictionaries: ['mpp-thesaurus', 'mpp-hunspell'],
      kinds: ['casual'],
      stage: 0,
      headword: true,
    },
    { word: 'घार', alias: 'ghaar', weight: 85, definition_rank: 0, dictionaries: ['mpp-hunspell'], kinds: ['casual', 'itrans'], stage: 3, headword: false },
    { word: 'घरै', alias: 'ghar', weight: 70, definition_rank: 0, dictionaries: ['tesseract-wordlist'], kinds: ['casual'], stage: 0, headword: false },
  ],
};

test('an analysis packs to a flat array with shared lists, and back', () => {
  const tables: AnalysisTables = { dictionaries: [], kinds: [] };
  const index = new Map<string, number>();
  const packed = packAnalysis('ghar', ghar, tables, index);
  // the alias that is the key itself is not written again; lists are written once
  assert.equal(packed.filter((x) => x === 'ghar').length, 0);
  assert.equal(tables.dictionaries.length, 3);
  assert.deepEqual(tables.kinds, [['casual'], ['casual', 'itrans']]);
  const read = frozenTables(JSON.parse(JSON.stringify(tables)))!;
  assert.deepEqual(unpackAnalysis('ghar', packed, read), ghar);
  assert.ok(Object.isFrozen(unpackAnalysis('ghar', packed, read)!.candidates[0]!.dictionaries), 'the lists are shared, so frozen');
});

test('a damaged or foreign record is no analysis', () => {
  const tables: AnalysisTables = { dictionaries: [], kinds: [] };
  const packed = packAnalysis('ghar', ghar, tables, new Map());
  for (const bad of [null, 'x', [], [1], [1, 2, 'घर'], [0, 9, ...packed.slice(2)], [0, 1, ...packed.slice(2, 6), 99, 0, 0], [0, 1, 7, 0, 100, 0, 0, 0, 0]]) {
    assert.equal(unpackAnalysis('ghar', bad, tables), undefined, JSON.stringify(bad));
  }
  assert.equal(frozenTables({ dictionaries: [['a']], kinds: 'x' }), null);
  assert.equal(frozenTables(undefined), null);
});
