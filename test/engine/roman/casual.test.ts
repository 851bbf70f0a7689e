import { test } from 'node:test';
import assert from 'node:assert/strict';
import { casualCost, casualSpellings, MAX_CASUAL_COST } from '../../../src/engine/roman/casual.js';
import { reverseSpellings } from '../../../src/engine/roman/reverse.js';
import { beginningsFilter, type BeginningsFilter } from '../../../src/store/bloom.js';
import { syllabify } from '../../../src/engine/roman/schemes.js';

const cost = (word: string, typed: string): number => casualCost(syllabify(word)!, typed);

test('casualCost agrees with the generated spellings', () => {
  for (const w of ['राम्रो', 'घरमा', 'सरकार', 'क्षेत्र', 'तपाईं', 'विद्यालय', 'गाउँ', 'भएको']) {
    for (const { s, c } of casualSpellings(syllabify(w)!)) {
      assert.equal(cost(w, s), c, `${w} ${s}`);
      assert.ok(c <= MAX_CASUAL_COST);
    }
  }
});

test('ह्र is typed with its h or, one step dearer, without it', () => {
  assert.equal(cost('गाह्रो', 'gahro'), 0);
  assert.equal(cost('गाह्रो', 'garo'), 1);
  assert.equal(cost('बाह्र', 'bahra'), 0);
  assert.equal(cost('बाह्र', 'bara'), 1);
});

test('a schwa the deletion rule drops is kept, one step cheaper, where the letters would join into an aspirate', () => {
  assert.equal(cost('सटही', 'satahi'), 0);
  assert.equal(cost('सटही', 'sathi'), 1); // "sathi" reads साथी
  assert.equal(cost('साथी', 'sathi'), 0);
  assert.equal(cost('सरकार', 'sarkar'), 0); // elsewhere dropped freely
});

test('the past in -यौ is typed -yeu as texting does, one step dearer; eu is no औ elsewhere', () => {
  assert.equal(cost('गयौ', 'gayau'), 0);
  assert.equal(cost('गयौ', 'gayeu'), 1);
  assert.equal(cost('गर्यौ', 'garyeu'), 1);
  assert.equal(cost('देउ', 'deu'), 0);
  assert.equal(cost('दौ', 'deu'), Infinity);
});

test('the a after a consonant with the व glide is also typed o, one step dearer; not after the repha', () => {
  assert.equal(cost('ईश्वर', 'ishwar'), 0);
  assert.equal(cost('ईश्वर', 'ishwor'), 1);
  assert.equal(cost('बानेश्वर', 'baneshwor'), 1);
  assert.equal(cost('प्रज्वलित', 'prajwolit'), 1);
  assert.equal(cost('पूर्व', 'purwo'), Infinity);
  // a व of its own, or ā after the glide, is no o
  assert.equal(cost('द्वार', 'dwor'), Infinity);
});

test('after a consonant, the य of a cluster and its औ are typed together as eu, one step dearer (Neupane)', () => {
  assert.equal(cost('न्यौपाने', 'nyaupane'), 0);
  assert.equal(cost('न्यौपाने', 'neupane'), 1);
  assert.equal(cost('गर्यौ', 'gareu'), 1);
  // a य of its own keeps its letter: गयौ is not geu
  assert.equal(cost('गयौ', 'geu'), Infinity);
});

test("the demonstratives' य and त्य are typed with their a said e, one step dearer; other words keep ya", () => {
  assert.equal(cost('यस्तो', 'yasto'), 0);
  assert.equal(cost('यस्तो', 'yesto'), 1);
  assert.equal(cost('त्यसको', 'tesko'), 1);
  assert.equal(cost('त्यसको', 'tyesko'), 1);
  assert.equal(cost('यहाँ', 'yeha'), 1);
  // the y goes only with the e (tasko is no spelling of त्यसको), and only word-initially
  assert.equal(cost('त्यसको', 'tasko'), Infinity);
  assert.equal(cost('सत्य', 'sate'), Infinity);
});

test('भ is typed v one step dearer, as texting does (vayo भयो); व keeps v at no cost', () => {
  assert.equal(cost('भयो', 'bhayo'), 0);
  assert.equal(cost('भयो', 'vayo'), 1);
  assert.equal(cost('विकास', 'vikas'), 0);
});

test('casualCost prices spellings too sloppy to store', () => {
  assert.equal(cost('घर', 'gar'), 2); // aspiration dropped
  assert.equal(cost('मुद्दा', 'muddha'), 2); // aspiration added
  assert.equal(cost('थापा', 'thappa'), 2); // a consonant doubled
  assert.equal(cost('कानुन', 'kanoon'), 2); // a short u typed long
  assert.equal(cost('अधिकारी', 'adhikary'), 2); // a final ī typed y
  assert.equal(cost('गरियो', 'gario'), 1); // the y glide left out
  assert.equal(cost('घिमिरे', 'ghimirey'), 2);
});

test('casualCost is Infinity for what is not a spelling of the word', () => {
  assert.equal(cost('घर', 'ghari'), Infinity);
  assert.equal(cost('राम्रो', 'naramro'), Infinity);
  assert.equal(cost('घर', ''), Infinity);
  assert.equal(cost('घर', 'GHAR'), Infinity); // callers pass romanKey's lower case
});

test('reverse spellings: six consonant letters in a row are no romanized Nepali; five are (bachchha)', () => {
  assert.deepEqual(reverseSpellings('kdjfqzt', 10), []);
  assert.ok(reverseSpellings('bachchha', 10).includes('बच्छा'));
  assert.ok(reverseSpellings('garchhu', 10).includes('गर्छु'));
  assert.ok(reverseSpellings('xa', 10).includes('छ'), 'x is छ as well as क्ष');
});

test('reverse spellings over the forms: the forms of the whole search in its order, whatever the filter of beginnings', () => {
  const forms = new Set(['घर', 'घरमा', 'गर्छु', 'गर्छ', 'भात', 'बात', 'वात', 'भट्टराई', 'छ', 'क्ष', 'काम', 'कम', 'कमल']);
  const exact = beginningsFilter(forms);
  const always: BeginningsFilter = { mayBegin: () => true };
  for (const typed of ['ghar', 'gharma', 'garchhu', 'bat', 'bhat', 'xa', 'kam', 'kamal', 'bhattarai', 'pqr']) {
    for (const cost of [1, 2]) {
      // every spelling the search makes (the token is short: it runs to the end), the forms kept in its order
      const all = reverseSpellings(typed, 100_000, cost).filter((w) => forms.has(w));
      for (const limit of [1, 3, 10]) {
        const want = all.slice(0, limit);
        assert.deepEqual(reverseSpellings(typed, limit, cost, { beginnings: exact, has: (w) => forms.has(w) }), want, `${typed} ${cost} ${limit}`);
        assert.deepEqual(reverseSpellings(typed, limit, cost, { beginnings: always, has: (w) => forms.has(w) }), want, `${typed} ${cost} ${limit}, no filter`);
      }
    }
  }
  assert.deepEqual(reverseSpellings('ghar', 10, 2, { beginnings: exact, has: (w) => forms.has(w) }), ['घर']);
});

test('reverse spellings: likeliest Devanagari readings first', () => {
  const r = reverseSpellings('ghar', 10);
  assert.equal(r[0], 'घर');
  assert.ok(reverseSpellings('garnu', 10).includes('गर्नु'));
  assert.ok(reverseSpellings('gharma', 16).includes('घरमा'));
  assert.ok(reverseSpellings('bhayeko', 16).includes('भएको'));
  assert.ok(reverseSpellings('gaun', 32).includes('गाउँ'));
  assert.ok(reverseSpellings('adhikary', 96).includes('अधिकारी'));
  assert.ok(reverseSpellings('kshetra', 16).includes('क्षेत्र'));
  // a final y after a consonant reads as a final ī as readily as a final -्य (sathy)
  assert.ok(reverseSpellings('sathy', 8).includes('साथी'));
});

test('reverse spellings: only plain lower-case ASCII, at most the limit', () => {
  assert.deepEqual(reverseSpellings('rāmro', 10), []);
  assert.deepEqual(reverseSpellings('Ramro', 10), []);
  assert.deepEqual(reverseSpellings('12', 10), []);
  assert.equal(reverseSpellings('sarkar', 5).length, 5);
  assert.equal(new Set(reverseSpellings('sarkar', 50)).size, reverseSpellings('sarkar', 50).length);
});

test('the negative verb ending -दैन/छैन keeps its final a; a noun in -ऐन drops it like any other', () => {
  assert.equal(cost('छैन', 'chhaina'), 0);
  assert.equal(cost('छैन', 'chhain'), 1);
  assert.equal(cost('गर्दैन', 'gardaina'), 0);
  assert.equal(cost('ऐन', 'ain'), 0);
  assert.equal(cost('ऐन', 'aina'), 1);
  assert.equal(cost('जैन', 'jain'), 0);
});

test('the geminate च्च is typed chch or cch, and ch or chh one step dearer (bachha बच्चा, sachhai साँच्चै)', () => {
  assert.equal(cost('बच्चा', 'bachcha'), 0);
  assert.equal(cost('बच्चा', 'baccha'), 0);
  assert.equal(cost('बच्चा', 'bacha'), 1);
  assert.equal(cost('बच्चा', 'bachha'), 1);
  // च्छ keeps chh at no cost
  assert.equal(cost('इच्छा', 'ichha'), 0);
});

test("a cluster's य before ए is typed with or, one step dearer, without the y (pratyek, pratek प्रत्येक)", () => {
  assert.equal(cost('प्रत्येक', 'pratyek'), 0);
  assert.equal(cost('प्रत्येक', 'pratek'), 1);
  // a word-initial य keeps its y: no cluster
  assert.equal(cost('येशु', 'eshu'), Infinity);
});
