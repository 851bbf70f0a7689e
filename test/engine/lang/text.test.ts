import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countWords, DEVANAGARI_WORDS, forEachChunk, hasLetterOrDigit, isSpace, sentencesUsing } from '../../../src/engine/lang/text.js';

const chunks = (text: string): string[] => {
  const out: string[] = [];
  forEachChunk(text, (start, end) => out.push(text.slice(start, end)));
  return out;
};

test('chunks are the maximal runs between spaces of every kind', () => {
  assert.deepEqual(chunks(''), []);
  assert.deepEqual(chunks(' \t\n '), []);
  assert.deepEqual(chunks('  म घर\u00A0जान्छु।\u2028x\u3000y '), ['म', 'घर', 'जान्छु।', 'x', 'y']);
  for (const c of [0x20, 0x09, 0x0d, 0xa0, 0x2000, 0x2028, 0x3000]) assert.ok(isSpace(c));
  for (const c of [0x200b, 0x200d, 0x41, 0x964]) assert.ok(!isSpace(c));
});

test('countWords counts whitespace-separated chunks with a letter or digit of any script', () => {
  assert.equal(countWords(''), 0);
  assert.equal(countWords('   '), 0);
  assert.equal(countWords('म घर जान्छु।'), 3);
  assert.equal(countWords('नेपाल, १२ COVID-19 । — ?'), 3);
  assert.equal(countWords('एक\nदुई\tतीन\u00A0चार'), 4);
  assert.equal(countWords('https://example.org'), 1);
  assert.ok(hasLetterOrDigit('१२') && hasLetterOrDigit('x') && !hasLetterOrDigit('।—?'));
});

test('the words of a sentence, and the sentences that use a word as a word', () => {
  assert.deepEqual('मेरो घर, नेपालमा। abc'.match(DEVANAGARI_WORDS), ['मेरो', 'घर', 'नेपालमा']);
  const sentences = [{ text: 'मेरो घर राम्रो छ।' }, { text: 'घरमा को छ?' }, { text: 'घर घर' }];
  assert.equal(sentencesUsing(sentences, 'घर'), 2);
  assert.equal(sentencesUsing(sentences, 'घरमा'), 1);
});
