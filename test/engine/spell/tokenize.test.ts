import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countWords } from '../../../src/engine/lang/text.js';
import { tokenizeForSpellcheck } from '../../../src/engine/spell/tokenize.js';
import { prng } from '../../integration/random.js';

const words = (text: string): string[] => tokenizeForSpellcheck(text).map((t) => t.text);

test('Devanagari words with their signs are tokens, with UTF-16 offsets', () => {
  const text = 'म घर जान्छु।';
  const tokens = tokenizeForSpellcheck(text);
  assert.deepEqual(
    tokens.map((t) => t.text),
    ['म', 'घर', 'जान्छु'],
  );
  for (const t of tokens) assert.equal(text.slice(t.start, t.end), t.text);
  assert.deepEqual(tokens[2], { text: 'जान्छु', start: 5, end: 11 });
});

test('danda, double danda, question mark, quotes and dashes separate words and are not words', () => {
  assert.deepEqual(words('"राम्रो" हो? हो॥ कुरा—कथा – साथी ‘नयाँ’'), ['राम्रो', 'हो', 'हो', 'कुरा', 'कथा', 'साथी', 'नयाँ']);
  assert.deepEqual(words('। ॥ ? — –'), []);
});

test('numerals, Latin words, URLs and e-mail addresses are not checked', () => {
  assert.deepEqual(words('२०८० साल 2023 मा hello संसार'), ['साल', 'मा', 'संसार']);
  assert.deepEqual(words('हेर्नुहोस् https://example.org/नेपाल र www.नेपाल.com अनि info@नेपाल.org'), ['हेर्नुहोस्', 'र', 'अनि']);
});

test('a word glued to a digit or a Latin letter is a numeral or mixed token, not a word', () => {
  assert.deepEqual(words('१०औँ पटक COVIDको कुरा'), ['पटक', 'कुरा']);
});

test('short abbreviations before a full stop are skipped, longer words are kept', () => {
  assert.deepEqual(words('डा. राम र ई.पू. ५०० मा'), ['राम', 'र', 'मा']);
  assert.deepEqual(words('उनी घर गइन.'), ['उनी', 'घर', 'गइन']);
});

test('ZWJ/ZWNJ and nukta stay inside the word', () => {
  const zwj = 'र्\u200Dयाल';
  assert.deepEqual(words(`${zwj} ज़मीन`), [zwj, 'ज़मीन']);
});

test('an ASCII colon after a word stays with it (visarga typed on a Latin keyboard)', () => {
  const text = 'दु:ख प्राय: हुन्छ';
  const tokens = tokenizeForSpellcheck(text);
  assert.deepEqual(
    tokens.map((t) => t.text),
    ['दु:ख', 'प्राय:', 'हुन्छ'],
  );
  assert.equal(text.slice(tokens[1]!.start, tokens[1]!.end), 'प्राय:');
});

test('offsets are UTF-16 code units when the text has characters outside the BMP', () => {
  const text = '😀 घर';
  const [t] = tokenizeForSpellcheck(text);
  assert.deepEqual(t, { text: 'घर', start: 3, end: 5 });
});

test('countWords agrees with the number of checked words on plain Nepali prose', () => {
  const text = 'हामी बिहान सबेरै उठेर विद्यालय गयौँ र साथीहरूसँग खेल्यौँ';
  assert.equal(countWords(text), words(text).length);
});

test('the tokenizer reads characters as the classes it names: words cut the same as by their regular expressions', () => {
  // The classes as regular expressions of one character (the tokenizer asks them by code unit).
  const WORD = /[\u0900-\u094F\u0951-\u0963\u0971-\u097F\uA8E0-\uA8FF\u200C\u200D]/;
  const pool = ['क', 'ा', '्', 'ः', ':', '.', '१', '1', 'a', 'é', '॥', '।', 'ॐ', '\u0951', '\u200d', '\ua8f2', '-', '"', 'घ', '🙂'];
  const rand = prng(5);
  for (let i = 0; i < 3000; i++) {
    let chunk = '';
    for (let n = 1 + (i % 9); n > 0; n--) chunk += pool[Math.floor(rand() * pool.length)];
    for (const t of tokenizeForSpellcheck(chunk)) {
      assert.equal(chunk.slice(t.start, t.end), t.text);
      for (const ch of t.text) assert.ok(WORD.test(ch) || ch === ':', `${JSON.stringify(chunk)}: ${JSON.stringify(t.text)}`);
      // Maximal: the characters on either side are not word characters (nor a visarga colon after one).
      const before = chunk[t.start - 1];
      assert.ok(before === undefined || !WORD.test(before), `${JSON.stringify(chunk)}: ${t.start}`);
    }
  }
});
