// The pronunciation lexicon in the records: headwords carry their
// transcription, the lexicon's words are forms flagged FORM_PRONOUNCED with
// aliases from their spelling and their sound, and the dictionary entry
// gives the pronunciation in IPA and everyday roman.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRecords } from '../../src/build/records.js';
import { lookupEntry, lookupMultiDict } from '../../src/engine/lookup/entry.js';
import { LATIN_SPELLING_KIND, PRONUNCIATION_KIND } from '../../src/engine/roman/pronunciation.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { FORM_HEADWORD, FORM_LEXICON, FORM_PRONOUNCED } from '../../src/store/types.js';
import { miniLexicon } from '../fixtures/mini-lexicon.js';

const pronunciations = {
  words: new Map([
    ['घर', ['gh ax r']],
    ['राम्रो', ['r aa m . m r o']],
    ['इलाम', ['i . l aa m']],
    ['घरमा', ['gh ax r . m aa']],
  ]),
  latin: new Map([
    ['ilam', ['i . l aa m']],
    ['nowhere', ['n o . h w e r']],
  ]),
};
// A form no dictionary has as a headword, with English meanings of its own: an entry of them alone.
const english = [{ dictionary: 'test-english', meanings: new Map([['घरमा', ['at home']]]) }];
const records = buildRecords({ ...miniLexicon(), pronunciations, english });
const store = new MemoryStore(records);

test('headwords the lexicon has carry their transcription; its other words are forms of their own', () => {
  assert.equal(records.headwords.get('घर')!.pronunciation, 'gh ax r');
  assert.equal(records.headwords.get('किताब')!.pronunciation, undefined);
  assert.equal(records.forms.get('घर')!.flags & (FORM_LEXICON | FORM_HEADWORD | FORM_PRONOUNCED), FORM_LEXICON | FORM_HEADWORD | FORM_PRONOUNCED);
  assert.equal(records.forms.get('इलाम')!.flags, FORM_PRONOUNCED, 'a place no dictionary has: neither lexicon nor attested');
  assert.equal(records.meta.counts.pronounced, 4);
});

test('the lexicon words have aliases from their spelling, their sound and the Latin spellings with their phonemes', () => {
  const ilam = store.aliases('ilam').find((a) => a.word === 'इलाम')!;
  assert.ok(ilam.kinds.includes('casual') && ilam.kinds.includes(PRONUNCIATION_KIND) && ilam.kinds.includes(LATIN_SPELLING_KIND), JSON.stringify(ilam));
  assert.ok(store.aliases('ilaam').some((a) => a.word === 'इलाम'));
  assert.deepEqual(store.aliases('nowhere'), [], 'a Latin spelling no Devanagari word sounds like links nothing');
});

test('the dictionary entry gives the pronunciation, or null', () => {
  assert.deepEqual(lookupEntry(store, 'राम्रो')!.pronunciation, { ipa: 'ram.mro', roman: 'ramro' });
  assert.equal(lookupEntry(store, 'किताब')!.pronunciation, null);
  const perDictionary = lookupMultiDict(store, 'घर').results.filter((r) => r.entry);
  assert.ok(perDictionary.length > 0);
  for (const r of perDictionary) assert.deepEqual(r.entry!.pronunciation, { ipa: 'ɡʱʌr', roman: 'ghar' });
});

test('an entry of English meanings alone (a form a source glosses) has its pronunciation too', () => {
  assert.equal(records.headwords.get('घरमा'), undefined);
  const entry = lookupEntry(store, 'घरमा')!;
  assert.deepEqual(entry.english, ['at home']);
  assert.deepEqual(entry.pronunciation, { ipa: 'ɡʱʌr.ma', roman: 'gharma' });
});
