import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importFrequencyList } from '../../../src/build/frequency.js';
import { buildRecords } from '../../../src/build/records.js';
import { fuzzyRomanKey, loanSkeleton } from '../../../src/engine/roman/keys.js';
import { Romanizer } from '../../../src/engine/roman/romanizer.js';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { romanLexicon } from '../../fixtures/roman/lexicon.js';

test('the consonant skeleton: an English reading and the Nepali spelling of a loanword share it', () => {
  assert.equal(loanSkeleton('fasebuk'), loanSkeleton('phesabuk'));
  assert.equal(loanSkeleton('byateri'), loanSkeleton('byatri'));
  assert.equal(loanSkeleton('intarnet'), '_ntrnt', 'a vowel start is kept as _');
  assert.equal(loanSkeleton('ghar'), loanSkeleton('gar'), 'aspiration is folded, as in the fuzzy key');
  assert.notEqual(loanSkeleton('kalam'), loanSkeleton('kamal'), 'the consonants and their order are kept');
});

function romanizer(withRanks: boolean): { roman: Romanizer; store: MemoryStore } {
  const input = romanLexicon();
  input.attested = [...input.attested, 'फेसबुक', 'ब्याट्री', 'फेसबूक', 'बाटोमा', 'त्रुटि', 'पावर', 'फाइबर'];
  if (withRanks) input.frequency = importFrequencyList('फेसबुक\nब्याट्री\nफेसबूक\nबाटोमा\nत्रुटि\nपावर\nफाइबर\n');
  const store = new MemoryStore(buildRecords(input));
  return { roman: new Romanizer(store, new Spellchecker(store)), store };
}

test('a loanword typed the English way alone finds the news list spelling by its skeleton, the more frequent first', () => {
  const { roman, store } = romanizer(true);
  const skeleton = store.loanSkeleton(loanSkeleton('phesabuk'));
  assert.deepEqual(
    skeleton.map((e) => e.word),
    ['फेसबुक', 'फेसबूक'],
  );
  assert.ok(skeleton[0]!.fuzzyKeys.includes(fuzzyRomanKey('phesabuk')), "each word carries its aliases' fuzzy keys");
  const facebook = roman.resolveTokens(['facebook'], 5).tokens[0]!;
  assert.equal(facebook.converted, 'फेसबुक');
  assert.deepEqual(
    facebook.candidates.slice(0, 2).map((c) => c.word),
    ['फेसबुक', 'फेसबूक'],
  );
  assert.deepEqual(facebook.candidates[0]!.kinds, ['english']);
  assert.equal(facebook.candidates[0]!.alias, 'facebook', 'the English spelling is the alias');
  assert.equal(roman.resolveText('battery', 5).converted_text, 'ब्याट्री');
  // in running text, among Nepali words, a token nothing else matched is converted when its reading is one
  // vowel edit from the word (bateri, byatri); facebook's fasebuk is two from phesabuk, and stays as typed
  assert.equal(roman.resolveText('mero battery', 5).converted_text, 'मेरो ब्याट्री');
  assert.equal(roman.resolveText('mero facebook', 5).converted_text, 'मेरो facebook');
  // ... and not among English words
  assert.equal(roman.resolveText('my battery is dead', 5).converted_text, 'my battery is dead');
});

test("in running text the skeleton finds only a word of a loanword's letters: English t is ट, never the dental त", () => {
  const { roman, store } = romanizer(true);
  // treaty reads triti, one edit from त्रुटि's truti (error), a Nepali word: treaty stays as typed
  assert.deepEqual(
    store.loanSkeleton(loanSkeleton('triti')).map((e) => e.word),
    ['त्रुटि'],
  );
  const treaty = roman.resolveText('mero treaty', 5).tokens[1]!;
  assert.equal(treaty.converted, 'treaty');
  assert.deepEqual(treaty.candidates, []);
});

test('typed alone, a word an alias of which is one edit from the reading as typed goes before one only the fuzzy keys bring near', () => {
  const { roman, store } = romanizer(true);
  // fiber reads fibar: one edit from फाइबर's faibar; पावर (the more frequent) is near only as fuzzy keys (pibar, pabar: f folds into p)
  assert.deepEqual(
    store.loanSkeleton(loanSkeleton('fibar')).map((e) => e.word),
    ['पावर', 'फाइबर'],
  );
  assert.deepEqual(
    roman
      .resolveTokens(['fiber'], 5)
      .tokens[0]!.candidates.slice(0, 2)
      .map((c) => c.word),
    ['फाइबर', 'पावर'],
  );
});

test('the skeleton index holds no inflected form: a loanword is typed as its stem', () => {
  const { store } = romanizer(true);
  const words = (alias: string): string[] => store.loanSkeleton(loanSkeleton(alias)).map((e) => e.word);
  assert.ok(store.form('बाटोमा'), 'the fixture has बाटोमा');
  assert.deepEqual(words('batoma'), [], 'बाटोमा is बाटो + मा');
  assert.deepEqual(words('byatri'), ['ब्याट्री']);
});

test('without the frequency list there is no skeleton index and no such reading', () => {
  const { roman, store } = romanizer(false);
  assert.deepEqual(store.loanSkeleton(loanSkeleton('phesabuk')), []);
  assert.notEqual(roman.resolveTokens(['facebook'], 5).tokens[0]!.converted, 'फेसबुक');
});
