import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  aksharaCount,
  CONSONANTS,
  FIFTH_LETTERS,
  hasDevanagariLetter,
  isConsonantCode,
  isLetter,
  LETTERS,
  STOP_CLASSES,
  STOPS,
  WORD_LETTERS_AND_SIGNS,
} from '../../../src/engine/lang/letters.js';

const BLOCK = Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(0x900 + i));

test('one consonant class: the regex class and the code test agree on every code point of the block', () => {
  const re = new RegExp(`^[${CONSONANTS}]$`);
  for (const ch of BLOCK) assert.equal(re.test(ch), isConsonantCode(ch.charCodeAt(0)), `U+${ch.charCodeAt(0).toString(16)}`);
  // The precomposed nukta letters and ॸ..ॿ (U+0978-U+097F) are consonants too; the nukta sign and the vowel signs are not.
  for (const ch of 'कह\u0958\u095Fॸॹॿ') assert.ok(isConsonantCode(ch.charCodeAt(0)), ch);
  for (const ch of '़ािअआ्ंँः।') assert.ok(!isConsonantCode(ch.charCodeAt(0)), ch);
});

test('letters are the consonants and the independent vowels; words are letters with their signs', () => {
  const letter = new RegExp(`^[${LETTERS}]$`);
  const inWord = new RegExp(`^[${WORD_LETTERS_AND_SIGNS}]$`);
  for (const ch of BLOCK) {
    const c = ch.charCodeAt(0);
    if (isConsonantCode(c)) assert.ok(letter.test(ch) && isLetter(ch), ch);
    if (letter.test(ch)) assert.ok(inWord.test(ch), ch);
  }
  for (const ch of 'अआइऋऌॠॲ') assert.ok(isLetter(ch), ch);
  for (const ch of 'ािंँः़्') assert.ok(!isLetter(ch) && inWord.test(ch), ch);
  for (const ch of '।॥०९॰') assert.ok(!inWord.test(ch), ch);
  assert.ok(hasDevanagariLetter('abc घ'));
  assert.ok(!hasDevanagariLetter('ािं १२ abc'));
});

test('aksharas: letters not followed by halanta', () => {
  assert.equal(aksharaCount('सङ्ख्या'), 2);
  assert.equal(aksharaCount('इतिहास'), 4);
  assert.equal(aksharaCount('गर्छन्'), 2);
  assert.equal(aksharaCount(''), 0);
});

test('the stop classes: five stops each with the nasal of its class', () => {
  assert.equal(STOPS, 'कखगघचछजझटठडढतथदधपफबभ');
  assert.equal(FIFTH_LETTERS, 'ङञणनम');
  for (const { stops, fifth } of STOP_CLASSES) {
    assert.equal([...stops].length, 4);
    // the fifth letter follows its class's four stops in the alphabet
    assert.equal(fifth.charCodeAt(0), stops.charCodeAt(3) + 1);
  }
});
