// Words two or three slips away, conjunct slips, ा left out, a last letter
// left out, and the work caps of the slip search, on the project's fixture
// (test/fixtures/spell/lexicon.ts) with frequency ranks given here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SLIP_SEARCH_CAP } from '../../../src/engine/spell/candidates.js';
import { SlipSearch } from '../../../src/engine/spell/slip-search.js';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import { spellStore, spellStoreWith } from '../../fixtures/spell/lexicon.js';

/** Frequency ranks: these words are among the words real text writes most. */
const RANKS = { सरकार: 50, किताब: 100, नदी: 200, विशेष: 300, नदीमा: 400, तरकारी: 500, शिक्षा: 700, उद्योग: 900 };
const ranked = spellStoreWith({ ranks: RANKS });

test('conjunct slips are one slip each: क्ष written क्छ, द्य/ध्य, ज्ञ with its halanta dropped, क्षे written छ्ये', () => {
  const s = new Spellchecker(spellStore());
  for (const [typed, meant] of [
    ['शिक्छा', 'शिक्षा'],
    ['लक्छ्य', 'लक्ष्य'],
    ['उध्योग', 'उद्योग'],
    ['बिजञान', 'विज्ञान'],
    ['छ्येत्र', 'क्षेत्र'],
  ]) {
    const r = s.checkWord(typed!);
    assert.equal(r.status, 'misspelled', typed);
    assert.equal(r.corrections?.[0], meant, `${typed}: ${r.corrections?.join(', ')}`);
  }
});

test('a frequent word two or three slips away makes a word misspelled; the same word unranked is too far', () => {
  const cases: [typed: string, meant: string, slips: string][] = [
    ['णदि', 'नदी', 'ण/न and ि/ी: two slips on a word of two aksharas'],
    ['बिसेस', 'विशेष', 'ब/व, श/स and ष/स: three slips'],
    ['तरकरि', 'तरकारी', 'ा left out and ि/ी'],
    ['सरका', 'सरकार', 'the last letter left out'],
    ['णदिमा', 'नदीमा', 'two slips under a postposition'],
  ];
  const withRanks = new Spellchecker(ranked);
  const without = new Spellchecker(spellStore());
  for (const [typed, meant, slips] of cases) {
    const r = withRanks.checkWord(typed);
    assert.equal(r.status, 'misspelled', `${typed} (${slips})`);
    assert.equal(r.corrections?.[0], meant, `${typed} (${slips}): ${r.corrections?.join(', ')}`);
    assert.equal(without.checkWord(typed).status, 'unknown', `${typed} (${slips}) without the rank`);
  }
});

test('a short word gets no frequent word three slips away, and a typed conjunct is kept', () => {
  // ण/न, ि/ी and an anusvara typed: three slips on a word of two aksharas.
  assert.equal(new Spellchecker(ranked).checkWord('णदिं').status, 'unknown');
  // A frequent word with the cluster's halanta dropped: an English loan keeps its cluster.
  assert.equal(new Spellchecker(spellStoreWith({ ranks: { ...RANKS, गरेन: 20 } })).checkWord('ग्रेन').status, 'unknown');
});

test('the slip search: the same spellings every time, at most its cap of tests', () => {
  const search = new SlipSearch(spellStore());
  const found: string[] = [];
  const tests = search.run('शिक्छा', 1.2, SLIP_SEARCH_CAP, (s) => found.push(s));
  assert.ok(found.includes('शिक्षा'), found.join(', '));
  assert.ok(tests > 0 && tests <= SLIP_SEARCH_CAP);
  const again: string[] = [];
  assert.equal(
    search.run('शिक्छा', 1.2, SLIP_SEARCH_CAP, (s) => again.push(s)),
    tests,
  );
  assert.deepEqual(again, found);
  // A cap reached: no more tests than the cap, and only spellings found before it.
  const capped: string[] = [];
  assert.ok(search.run('शिक्छा', 1.2, 3, (s) => capped.push(s)) <= 3);
  assert.ok(capped.every((s) => found.includes(s)));
  // Nothing beyond the bound: क्छ for क्ष costs 0.4.
  const near: string[] = [];
  search.run('शिक्छा', 0.3, SLIP_SEARCH_CAP, (s) => near.push(s));
  assert.deepEqual(near, []);
});

test("a text's share of the search: words past it are answered without it and not cached", () => {
  const s = new Spellchecker(ranked, { slipSearchTestsPerText: 0 });
  // ा left out and ि/ी: only the slip search finds तरकारी.
  const text = 'तरकरि घर';
  assert.deepEqual(
    s.checkText(text).unknown.map((u) => u.word),
    ['तरकरि'],
    'the search was cut short',
  );
  // Alone (no text), the word gets its full search: its answer in the text was not kept.
  assert.equal(s.checkWord('तरकरि').corrections?.[0], 'तरकारी');
  // Once worked out in full, the cached answer serves the text too.
  assert.equal(s.checkText(text).misspelled[0]?.word, 'तरकरि');
});
