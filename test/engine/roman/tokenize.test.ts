import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenizeRoman } from '../../../src/engine/roman/tokenize.js';

const brief = (text: string): [string, string, number, number][] => tokenizeRoman(text).map((t) => [t.text, t.kind, t.start, t.end]);

test('every character is a token or a gap; offsets are UTF-16 code units', () => {
  const text = '  ghar,   ramro!\tcha\n';
  const toks = tokenizeRoman(text);
  assert.deepEqual(brief(text), [
    ['ghar', 'word', 2, 6],
    ['ramro', 'word', 10, 15],
    ['cha', 'word', 17, 20],
  ]);
  for (const t of toks) assert.equal(text.slice(t.start, t.end), t.text);
  // an astral character before a word shifts offsets by two code units
  assert.deepEqual(brief('😀 ghar'), [['ghar', 'word', 3, 7]]);
});

test('numbers, mixed tokens, Devanagari, apostrophes, hyphens', () => {
  assert.deepEqual(brief("2 ota kitab, 1,000.5 don't 2nd घर-ma"), [
    ['2', 'number', 0, 1],
    ['ota', 'word', 2, 5],
    ['kitab', 'word', 6, 11],
    ['1,000.5', 'number', 13, 20],
    ["don't", 'word', 21, 26],
    ['2nd', 'mixed', 27, 30],
    ['घर', 'devanagari', 31, 33],
    ['ma', 'word', 34, 36],
  ]);
  assert.deepEqual(brief('rāmro'), [['rāmro', 'word', 0, 5]]);
});

test('URLs and e-mail addresses are whole tokens, less surrounding punctuation', () => {
  assert.deepEqual(brief('hernus (https://example.com/a?b=c). mail: ram@example.com, www.example.org'), [
    ['hernus', 'word', 0, 6],
    ['https://example.com/a?b=c', 'url', 8, 33],
    ['mail', 'word', 36, 40],
    ['ram@example.com', 'email', 42, 57],
    ['www.example.org', 'url', 59, 74],
  ]);
});

test('sentence starts and clause breaks come from the gaps', () => {
  const t = tokenizeRoman('Mero naam Ram ho. Tapai, kasto? ghar-ma');
  assert.deepEqual(
    t.map((x) => [x.text, x.sentenceStart, x.punctBefore]),
    [
      ['Mero', true, false],
      ['naam', false, false],
      ['Ram', false, false],
      ['ho', false, false],
      ['Tapai', true, true],
      ['kasto', false, true],
      ['ghar', true, true],
      ['ma', false, false],
    ],
  );
});

test('a gap that only closes what came before (a bracket, a quote, %) lets the next token lean on it', () => {
  const t = tokenizeRoman('(ghar) ma, "kitab" lai ( ghar ) ma. ghar) ma');
  assert.deepEqual(
    t.map((x) => [x.text, x.punctBefore, x.closeBefore]),
    [
      ['ghar', false, false],
      ['ma', true, true],
      ['kitab', true, false],
      ['lai', true, true],
      ['ghar', true, false],
      // the bracket stands apart from the word: no closing of it
      ['ma', true, false],
      ['ghar', true, false],
      ['ma', true, true],
    ],
  );
  // any whitespace parts the mark from the word before, a tab or a line break as a space does
  for (const gap of ['\t', '\n', '\u00a0']) {
    assert.deepEqual(
      tokenizeRoman(`ghar${gap}) ma`).map((x) => [x.text, x.closeBefore]),
      [
        ['ghar', false],
        ['ma', false],
      ],
      JSON.stringify(gap),
    );
  }
});
