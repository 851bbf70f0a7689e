import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bareConsonants, filterFrequencyWords, importFrequencyList, plausibleDevanagari } from '../../src/build/frequency.js';
import { buildRecords } from '../../src/build/records.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { miniLexicon } from '../fixtures/mini-lexicon.js';

const TEXT = readFileSync('test/fixtures/frequency/mini.wordlist', 'utf8');

test('the import keeps each word with its line number as its rank, and says what it dropped', () => {
  const imp = importFrequencyList(TEXT);
  assert.equal(imp.report.lines, 20, 'the empty line is not counted');
  assert.equal(imp.ranks.get('र'), 1);
  assert.equal(imp.ranks.get('घर'), 4, 'a repeated word keeps its first line');
  assert.equal(imp.ranks.get('दिन'), 18, 'ranks are line numbers: gaps where lines were dropped or empty');
  assert.deepEqual(imp.report.dropped, { 'no-devanagari': 2, latin: 1, digits: 1, punctuation: 1, structure: 1, duplicate: 1, 'bare-consonants': 0 });
  assert.deepEqual(imp.report.examples['no-devanagari'], ['|', 'Facebook']);
  assert.deepEqual(imp.report.examples.punctuation, ['वि.सं']);
  assert.equal(imp.report.kept, imp.ranks.size);
  assert.equal(imp.report.kept + Object.values(imp.report.dropped).reduce((a, b) => a + b, 0), imp.report.lines);
  // the ranks come out in rank order
  const ranks = [...imp.ranks.values()];
  assert.deepEqual(
    ranks,
    [...ranks].sort((a, b) => a - b),
  );
});

test('Devanagari structure: aksharas pass, stray signs do not', () => {
  for (const w of ['घर', 'विद्युत्', 'उनीहरू', 'आइरहेको', 'संसद्', 'दुःख', 'ॐ', 'फ़िल्म', 'छ']) assert.ok(plausibleDevanagari(w), w);
  for (const w of ['ि्र', 'केन्दि्रत', 'कािम', '्क', 'ाम']) assert.ok(!plausibleDevanagari(w), w);
  assert.ok(bareConsonants('ससख') && bareConsonants('नगर'));
  assert.ok(!bareConsonants('र') && !bareConsonants('घरमा') && !bareConsonants('छन्'));
});

test('bare-consonant strings go unless the lexicon or its morphology reads them, as written or with a final halanta', () => {
  const imp = importFrequencyList(TEXT);
  const lexicon = new Set(['घर', 'नगर', 'छन्']);
  filterFrequencyWords(
    imp,
    (w) => lexicon.has(w),
    () => false,
  );
  assert.equal(imp.ranks.has('ससख'), false, 'mis-decoded legacy-font text');
  assert.equal(imp.ranks.get('नगर'), 15, 'a lexicon word of bare consonants');
  assert.equal(imp.ranks.get('छन'), 14, 'छन् written without its halanta');
  assert.equal(imp.ranks.get('केहि'), 11, 'a non-standard spelling keeps its rank: frequency says what people write');
  assert.equal(imp.report.dropped['bare-consonants'], 1);
  assert.deepEqual(imp.report.examples['bare-consonants'], ['ससख']);
  assert.equal(imp.report.kept, imp.ranks.size);
  // the morphology's word counts as the lexicon's
  const again = filterFrequencyWords(
    importFrequencyList(TEXT),
    () => false,
    (w) => w === 'ससख',
  );
  assert.ok(again.ranks.has('ससख') && !again.ranks.has('नगर'));
});

test('the records carry the ranks the filters kept, and the store reads them', () => {
  const input = { ...miniLexicon(), frequency: importFrequencyList(TEXT) };
  const r = buildRecords(input);
  const store = new MemoryStore(r);
  assert.equal(store.rank('घर'), 4);
  assert.equal(store.rank('घरमा'), 7);
  assert.equal(store.rank('ससख'), undefined);
  assert.equal(store.rank('राम्रो'), undefined, 'a word the list does not have');
  // without a list, no ranks
  assert.equal(new MemoryStore(buildRecords(miniLexicon())).rank('घर'), undefined);
});

test('the ranks order the completions and the example sentences', () => {
  // दीन before दिन, and the words of the longer किताब sentence before those of the shorter
  const list = ['दीन', 'दिन', 'हाम्रो', 'घरमा', 'धेरै', 'किताब', 'छन्', 'उनी', 'हरेक', 'पढ्छन्'].join('\n');
  const ranked = buildRecords({ ...miniLexicon(), frequency: importFrequencyList(list) });
  assert.deepEqual(ranked.completions.get('द')!.slice(0, 2), ['दीन', 'दिन']);
  const store = new MemoryStore(ranked);
  assert.equal(store.examples('किताब')[0]!.text, 'हाम्रो घरमा धेरै किताब छन्।');
  // without ranks: the older order (more dictionaries first; the shorter sentence first)
  const plain = buildRecords(miniLexicon());
  assert.deepEqual(plain.completions.get('द')!.slice(0, 2), ['दिन', 'दीन']);
  assert.equal(new MemoryStore(plain).examples('किताब')[0]!.text, 'उनी हरेक दिन किताब पढ्छन्।');
});
